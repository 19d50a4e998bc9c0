import { ChevronDown, ChevronRight, LogOut, Menu, PanelLeftClose } from 'lucide-react';
import { type ComponentType, type ReactNode, useState } from 'react';
import { cn } from '@web/lib/cn';

// The dashboards' frame (docs/product/screens.md): a collapsible sidebar (open or narrow), a header with "Tableau de bord" and
// the user's name, and the selected view. Entries may expand into sub-entries ("Filtre utilisateur").
// Below 768 px there is no icon rail (13 unlabelled icons say nothing on a phone): the header's « Menu » button opens
// the labelled menu over the view, and choosing an entry closes it (issue #18 §5).

export interface DashboardEntry {
  key: string;
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  children?: ReadonlyArray<{ key: string; label: string }>;
}

export interface DashboardShellProps {
  entries: readonly DashboardEntry[];
  activeKey: string;
  onSelect: (key: string) => void;
  userName?: string;
  onLogout: () => void;
  isLoggingOut?: boolean;
  children: ReactNode;
  /** Sidebar open at first; by default open on wide screens and narrow on phones (360 px). */
  defaultOpen?: boolean;
}

const isWideScreen = () => typeof window === 'undefined' || !window.matchMedia || window.matchMedia('(min-width: 768px)').matches;

export function DashboardShell({
  entries,
  activeKey,
  onSelect,
  userName,
  onLogout,
  isLoggingOut,
  children,
  defaultOpen,
}: DashboardShellProps) {
  const [isOpen, setOpen] = useState(() => defaultOpen ?? isWideScreen());
  const [expanded, setExpanded] = useState<string | null>(null);
  // On a phone the open menu covers the view: it closes again once a view is chosen.
  const select = (key: string) => {
    if (!isWideScreen()) setOpen(false);
    onSelect(key);
  };
  // A narrow sidebar has no room for sub-entries' labels: expanding a group opens it.
  const toggleGroup = (key: string, isExpanded: boolean) => {
    if (!isOpen) {
      setOpen(true);
      setExpanded(key);
    } else setExpanded(isExpanded ? null : key);
  };
  return (
    <div className="flex min-h-screen bg-slate-50">
      {/* On a phone the open menu lies over the view (no squeezed table, no sideways scroll); a tap beside it closes it. */}
      {isOpen ? <div aria-hidden className="fixed inset-0 z-30 bg-slate-900/40 md:hidden" onClick={() => setOpen(false)} /> : null}
      <aside
        aria-label="Menu du tableau de bord"
        data-state={isOpen ? 'open' : 'narrow'}
        className={cn(
          'flex shrink-0 flex-col bg-emerald-950 text-emerald-50 transition-[width]',
          isOpen
            ? 'w-64 max-md:fixed max-md:inset-y-0 max-md:left-0 max-md:z-40 max-md:w-72 max-md:max-w-[85vw] max-md:overflow-y-auto max-md:shadow-2xl'
            : 'w-20 max-md:hidden',
        )}
      >
        <div className="flex h-16 items-center justify-between px-4">
          {isOpen ? <span className="font-extrabold">ASBE</span> : null}
          <button
            type="button"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={isOpen}
            aria-label={isOpen ? 'Réduire le menu' : 'Ouvrir le menu'}
            className="flex h-11 w-11 items-center justify-center rounded hover:bg-emerald-900"
          >
            {isOpen ? <PanelLeftClose aria-hidden size={20} /> : <Menu aria-hidden size={20} />}
          </button>
        </div>
        <nav className="flex-1">
          <ul className="space-y-1 px-2">
            {entries.map((entry) => {
              const Icon = entry.icon;
              const hasChildren = Boolean(entry.children?.length);
              const isExpanded = expanded === entry.key;
              const isActive = activeKey === entry.key || entry.children?.some((c) => c.key === activeKey);
              return (
                <li key={entry.key}>
                  <button
                    type="button"
                    title={isOpen ? undefined : entry.label}
                    aria-current={activeKey === entry.key ? 'page' : undefined}
                    aria-expanded={hasChildren ? isExpanded : undefined}
                    onClick={() => (hasChildren ? toggleGroup(entry.key, isExpanded) : select(entry.key))}
                    className={cn(
                      'flex min-h-11 w-full items-center gap-3 rounded-md px-3 py-2 text-left hover:bg-emerald-900',
                      isActive && 'bg-emerald-800 font-semibold',
                    )}
                  >
                    <Icon aria-hidden size={20} />
                    <span className={cn('flex-1', !isOpen && 'sr-only')}>{entry.label}</span>
                    {hasChildren && isOpen ? (
                      isExpanded ? (
                        <ChevronDown aria-hidden size={16} />
                      ) : (
                        <ChevronRight aria-hidden size={16} />
                      )
                    ) : null}
                  </button>
                  {hasChildren && isExpanded && isOpen ? (
                    <ul className={cn('mt-1 space-y-1', isOpen ? 'pl-9' : 'pl-0')}>
                      {entry.children!.map((child) => (
                        <li key={child.key}>
                          <button
                            type="button"
                            aria-current={activeKey === child.key ? 'page' : undefined}
                            onClick={() => select(child.key)}
                            className={cn(
                              'min-h-11 w-full rounded-md px-3 py-2 text-left text-sm hover:bg-emerald-900',
                              activeKey === child.key && 'bg-emerald-800 font-semibold',
                            )}
                          >
                            {child.label}
                          </button>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              );
            })}
            <li>
              <button
                type="button"
                onClick={onLogout}
                disabled={isLoggingOut}
                title={isOpen ? undefined : 'Déconnexion'}
                className="flex min-h-11 w-full items-center gap-3 rounded-md px-3 py-2 text-left hover:bg-emerald-900 disabled:opacity-60"
              >
                <LogOut aria-hidden size={20} />
                <span className={cn(!isOpen && 'sr-only')}>Déconnexion</span>
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        {/* On a phone the person's name takes its own line and wraps (a long name was cut to « Marie-Chr… » at 360 px);
            from md it shares the row, shortened with an ellipsis and whole in its title. */}
        <header className="flex min-h-16 flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-slate-200 bg-white px-4 py-2 md:h-16 md:flex-nowrap md:px-6 md:py-0">
          <button
            type="button"
            onClick={() => setOpen(true)}
            aria-expanded={isOpen}
            className="flex min-h-11 shrink-0 items-center gap-2 rounded-md px-3 font-semibold text-emerald-950 ring-1 ring-emerald-800 md:hidden"
          >
            <Menu aria-hidden size={20} />
            Menu
          </button>
          <h1 className="shrink-0 text-xl font-bold text-emerald-950 max-md:text-lg">Tableau de bord</h1>
          {/* Its line is there before the name arrives: the header no longer grows by a line under the page (probe of
              session 16, a 25 px shift at 360 px). */}
          <p
            className="min-w-0 font-medium text-slate-800 max-md:basis-full max-md:[overflow-wrap:anywhere] md:truncate"
            title={userName || undefined}
            data-testid={userName ? 'dashboard-user-name' : undefined}
          >
            {userName || '\u00a0'}
          </p>
        </header>
        <main className="flex-1 overflow-x-auto p-4 md:p-6">{children}</main>
      </div>
    </div>
  );
}
