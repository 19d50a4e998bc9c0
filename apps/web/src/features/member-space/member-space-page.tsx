import { CreditCard, HeartHandshake, House, LayoutDashboard, Phone, UserRound, UsersRound } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from '@web/lib/router';
import { type DashboardEntry, DashboardShell } from '@web/components/dashboard/dashboard-shell';
import { useLogout } from '@web/components/account/use-logout';
import { ProfilePanel, useProfile } from '@web/components/account/profile-panel';
import { MembershipCard } from './membership-card';
import { MemberProvidersPanel } from './member-providers-panel';
import { OwnMoneyPanel } from './own-money-panel';

// /espace-membre (docs/product/accounts.md "Every account has a home"): consommateur, sympathisant, membre and
// conseiller_pro find their profile (changes need the current password), their payments and donations
// with receipts, their membership status with its renewal, what to pay or give next, and logout.
// « Mon espace » is the entry highlighted on arrival (not « Profil »); « Retour au site » leads back to the public site.
const ENTRIES: DashboardEntry[] = [
  { key: 'espace', label: 'Mon espace', icon: LayoutDashboard },
  { key: 'profil', label: 'Profil', icon: UserRound },
  { key: 'paiement', label: 'Paiement', icon: CreditCard },
  { key: 'don', label: 'Faire un don', icon: HeartHandshake },
  { key: 'site', label: 'Retour au site', icon: House },
];
const ROUTES: Record<string, string> = { paiement: '/paiement', don: '/donation', site: '/' };

const action = 'inline-flex min-h-11 items-center gap-2 rounded-md px-4 py-2 font-semibold';

/** `extraPanels`: other areas' panels, composed by the route (a regular gift's management). */
export default function MemberSpacePage({ extraPanels }: { extraPanels?: ReactNode } = {}) {
  const navigate = useNavigate();
  const [view, setView] = useState('espace');
  const profile = useProfile();
  const logout = useLogout('dashboard');
  const isConsumer = profile.data?.role === 'consommateur';
  const isAdviserPro = profile.data?.role === 'conseiller_pro';
  return (
    <DashboardShell
      entries={ENTRIES}
      activeKey={view}
      onSelect={(key) => {
        if (ROUTES[key]) return navigate(ROUTES[key]);
        setView(key);
        const target = key === 'profil' ? document.getElementById('profile-panel') : null;
        target?.scrollIntoView({ block: 'start' });
      }}
      userName={profile.data?.name}
      onLogout={() => logout.mutate()}
      isLoggingOut={logout.isPending}
    >
      <title>Mon espace — ASBE</title>
      <div className="space-y-6">
        <h2 className="text-2xl font-bold text-emerald-950">Mon espace</h2>
        <MembershipCard />
        <section aria-labelledby="fees-title" className="max-w-2xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 id="fees-title" className="mb-2 text-xl font-bold text-emerald-950">
            Adhésion, cotisations et dons
          </h2>
          <p className="mb-4 text-slate-700">
            Réglez votre adhésion ou votre cotisation, ou faites un don, par Mobile Money ou carte bancaire.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to="/paiement" className={`${action} bg-emerald-800 text-white hover:bg-emerald-900`}>
              <CreditCard aria-hidden size={18} />
              Faire un paiement
            </Link>
            <Link to="/donation" className={`${action} bg-orange-700 text-white hover:bg-orange-800`}>
              <HeartHandshake aria-hidden size={18} />
              Faire un don
            </Link>
            {isAdviserPro ? (
              <Link to="/dashboard-conseiller" className={`${action} text-emerald-900 ring-1 ring-emerald-800 hover:bg-emerald-50`}>
                <UsersRound aria-hidden size={18} />
                Mes utilisateurs créés
              </Link>
            ) : null}
            {isConsumer ? (
              <Link to="/consommateur" className={`${action} text-emerald-900 ring-1 ring-emerald-800 hover:bg-emerald-50`}>
                <Phone aria-hidden size={18} />
                Contacter mon conseiller
              </Link>
            ) : null}
          </div>
        </section>
        {extraPanels}
        {profile.data?.role === 'membre' ? <MemberProvidersPanel zone={profile.data.zone?.trim() || null} /> : null}
        <OwnMoneyPanel />
        <div id="profile-panel">
          <ProfilePanel />
        </div>
      </div>
    </DashboardShell>
  );
}
