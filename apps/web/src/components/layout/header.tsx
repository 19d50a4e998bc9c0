import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { cn } from '@web/lib/cn';

const NAV = [
  { to: '/', label: 'Accueil', end: true },
  { to: '/about', label: 'À propos de nous' },
  { to: '/contact', label: 'Contactez-nous' },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-md px-3 py-2 font-medium transition-colors hover:bg-emerald-50 hover:text-emerald-800 focus-visible:bg-emerald-50',
    isActive ? 'text-emerald-800 underline decoration-2 underline-offset-8' : 'text-slate-800',
  );

/** The public header (spec §2): visible to everyone, burger menu on small screens. */
export function Header() {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link to="/" className="flex items-center gap-2 font-extrabold text-emerald-900" onClick={close}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>ASBE</span>
        </Link>
        <nav aria-label="Navigation principale" className="hidden md:block">
          <ul className="flex items-center gap-2">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={linkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <Link to="/connexion" className="ml-2 rounded-md bg-emerald-800 px-4 py-2 font-semibold text-white hover:bg-emerald-900">
                Connexion
              </Link>
            </li>
          </ul>
        </nav>
        <button
          type="button"
          className="rounded-md p-2 text-slate-900 md:hidden"
          aria-expanded={isMenuOpen}
          aria-controls="mobile-menu"
          aria-label={isMenuOpen ? 'Fermer le menu' : 'Ouvrir le menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {isMenuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
      </div>
      {isMenuOpen ? (
        <nav id="mobile-menu" aria-label="Menu mobile" className="border-t border-slate-200 bg-white md:hidden">
          <ul className="flex flex-col gap-1 p-3">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={linkClass} onClick={close}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <Link
                to="/connexion"
                onClick={close}
                className="mt-1 block rounded-md bg-emerald-800 px-3 py-2 text-center font-semibold text-white"
              >
                Connexion
              </Link>
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
