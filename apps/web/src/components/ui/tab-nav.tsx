/** A view's tabs as a row of toggle buttons that wraps on a 360 px phone; `label` names the row for screen readers. */
export function TabNav<K extends string>({
  label,
  tabs,
  current,
  onSelect,
}: {
  label: string;
  tabs: readonly { key: K; label: string }[];
  current: K;
  onSelect: (key: K) => void;
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {tabs.map((t) => (
          <li key={t.key}>
            <button
              type="button"
              aria-pressed={current === t.key}
              onClick={() => onSelect(t.key)}
              className={`min-h-11 rounded-md border px-3 py-2 font-medium ${current === t.key ? 'border-emerald-800 bg-emerald-800 text-white' : 'border-slate-400 bg-white text-slate-900'}`}
            >
              {t.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
