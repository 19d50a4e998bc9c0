import { DASHBOARD_BY_ROLE, MEMBER_SPACE_PATH, type Role } from '@shared/constants';
import { HeartHandshake, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from '@web/lib/router';
import { cn } from '@web/lib/cn';
import { signOut } from '@web/lib/sign-out';
import { useSignedInRole } from '@web/lib/use-signed-in';

const NAV = [
  { to: '/', label: 'Accueil', end: true },
  { to: '/evenements', label: 'Événements' },
  { to: '/about', label: 'À propos de nous' },
  { to: '/contact', label: 'Contactez-nous' },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-md px-3 py-2 font-medium transition-colors hover:bg-emerald-50 hover:text-emerald-800 focus-visible:bg-emerald-50',
    isActive ? 'text-emerald-800 underline decoration-2 underline-offset-8' : 'text-slate-800',
  );
const primary = 'rounded-md bg-emerald-800 px-4 py-2 font-semibold text-white hover:bg-emerald-900';
const secondary = 'rounded-md px-4 py-2 font-semibold text-emerald-900 ring-1 ring-emerald-800 hover:bg-emerald-50';

/** Account links: "Connexion" for visitors; "Mon espace" and "Déconnexion" for anyone logged in (docs/product/accounts.md). */
function AccountLinks({ role, onDone, isMobile }: { role: string | null; onDone: () => void; isMobile?: boolean }) {
  const navigate = useNavigate();
  const [isLeaving, setLeaving] = useState(false);
  const block = isMobile ? 'mt-1 block w-full text-center' : '';
  if (role === null) {
    return (
      <li>
        <Link to="/connexion" onClick={onDone} className={cn(primary, block, !isMobile && 'ml-2')}>
          Connexion
        </Link>
      </li>
    );
  }
  const home = DASHBOARD_BY_ROLE[role as Role] ?? MEMBER_SPACE_PATH;
  const leave = async () => {
    setLeaving(true);
    await signOut();
    setLeaving(false);
    onDone();
    navigate('/connexion', { replace: true });
  };
  return (
    <>
      <li>
        <Link to={home} onClick={onDone} className={cn(primary, block, !isMobile && 'ml-2')}>
          Mon espace
        </Link>
      </li>
      <li>
        <button type="button" onClick={leave} disabled={isLeaving} className={cn(secondary, block, 'min-h-10')}>
          {isLeaving ? 'Déconnexion…' : 'Déconnexion'}
        </button>
      </li>
    </>
  );
}

/** The public header (docs/product/screens.md): visible to everyone, burger menu on small screens, "Faire un don" always in view. */
export function Header() {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const role = useSignedInRole();
  const close = () => setMenuOpen(false);
  // On a cause's page, « Faire un don » gives to that cause (issue 33 item 8); the donation page reads ?cause=.
  const { pathname } = useLocation();
  const cause = /^\/causes\/([^/]+)\/?$/.exec(pathname)?.[1];
  const donationPath = cause ? `/donation?cause=${cause}` : '/donation';
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
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
            <AccountLinks role={role} onDone={close} />
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {/* Issue 18: giving is one tap away on every page, in the first screen of a 360 px phone. */}
          <Link
            to={donationPath}
            onClick={close}
            className="inline-flex min-h-11 items-center gap-2 rounded-md bg-orange-700 px-3 py-2 font-semibold text-white hover:bg-orange-800"
          >
            <HeartHandshake aria-hidden="true" size={18} />
            Faire un don
          </Link>
          <button
            type="button"
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md p-2 text-slate-900 md:hidden"
            aria-expanded={isMenuOpen}
            aria-controls="mobile-menu"
            aria-label={isMenuOpen ? 'Fermer le menu' : 'Ouvrir le menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {isMenuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </button>
        </div>
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
            <AccountLinks role={role} onDone={close} isMobile />
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
