import type { ReactNode } from 'react';
import { useEffect } from 'react';

/** The page's h1, also set as the document title (and, for prerendered pages, written into <title> at build time). */
export function PageTitle({ children, title, className }: { children: ReactNode; title: string; className?: string }) {
  useEffect(() => {
    document.title = `${title} — ASBE`;
  }, [title]);
  return (
    <h1 data-page-title={title} className={className ?? 'mb-6 text-3xl font-bold text-emerald-950'}>
      {children}
    </h1>
  );
}
