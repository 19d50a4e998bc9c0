export function Spinner({ label = 'Chargement…' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center gap-2 text-slate-700">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-emerald-800 border-t-transparent" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
