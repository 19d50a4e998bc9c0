import type { ReactNode } from 'react';
import { useEffect } from 'react';

/** The page's h1, also set as the document title. */
export function PageTitle({ children, title, className }: { children: ReactNode; title: string; className?: string }) {
  useEffect(() => {
    document.title = `${title} — ASBE`;
  }, [title]);
  return <h1 className={className ?? 'mb-6 text-3xl font-bold text-emerald-950'}>{children}</h1>;
}
