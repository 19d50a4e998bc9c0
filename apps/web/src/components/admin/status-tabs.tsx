import { cn } from '@web/lib/cn';

export interface StatusTab<S extends string> {
  status: S;
  label: string;
}

/** The pressed-button tabs above a list that filter it by status (testimonials, contact messages). */
export function StatusTabs<S extends string>({
  label,
  tabs,
  status,
  onChange,
}: {
  label: string;
  tabs: ReadonlyArray<StatusTab<S>>;
  status: S;
  onChange: (status: S) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex gap-2">
      {tabs.map((tab) => (
        <button
          key={tab.status}
          type="button"
          aria-pressed={status === tab.status}
          onClick={() => onChange(tab.status)}
          className={cn(
            'min-h-11 rounded-md px-4 py-2 font-semibold ring-1 ring-emerald-800',
            status === tab.status ? 'bg-emerald-800 text-white' : 'bg-white text-emerald-900 hover:bg-emerald-50',
          )}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
