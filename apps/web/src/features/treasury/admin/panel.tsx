import type { ReactNode } from 'react';

/** A titled white card of the treasury view. */
export function Panel({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-bold text-emerald-950">{title}</h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

export const today = () => new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
export const optionsOf = <K extends string>(keys: readonly K[], labels: Record<K, string>) =>
  keys.map((k) => ({ value: k, label: labels[k] }));
export const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Une erreur est survenue.');
