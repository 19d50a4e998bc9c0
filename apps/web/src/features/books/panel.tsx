import type { ReactNode } from 'react';

/** A titled white card of « Comptabilité ». */
export function Panel({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="min-w-0 space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-bold text-emerald-950">{title}</h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Today in Cotonou (UTC+1 all year), « 2026-12-31 »: the books' days are Cotonou days. */
export const todayText = () => new Date(Date.now() + 3600_000).toISOString().slice(0, 10);
export const thisYear = () => Number(todayText().slice(0, 4));
export const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Une erreur est survenue.');

/** « 31/12/2026 » from « 2026-12-31 »: a day of the books, never written as ISO. */
export const dayText = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/** A table that scrolls sideways inside its card on a 360 px phone rather than widening the page. */
export function Scroll({ children, label }: { children: ReactNode; label: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reachable by keyboard
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

export const TH = 'whitespace-nowrap border-b border-slate-200 px-2 py-1 text-left font-semibold';
export const TD = 'border-b border-slate-100 px-2 py-1 align-top';
export const NUM = 'whitespace-nowrap border-b border-slate-100 px-2 py-1 text-right tabular-nums';
