import { CreditCard, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type DashboardEntry, DashboardShell } from '@web/components/dashboard/dashboard-shell';
import { useLogout } from '@web/features/auth/use-logout';
import { ProfilePanel, useProfile } from '@web/features/profile/profile-panel';
import { MembershipCard } from './membership-card';

// /espace-membre (membre, sympathisant): a small dashboard with Paiement, Profil and Logout.
const ENTRIES: DashboardEntry[] = [
  { key: 'profil', label: 'Profil', icon: UserRound },
  { key: 'paiement', label: 'Paiement', icon: CreditCard },
];

export default function MemberSpacePage() {
  const navigate = useNavigate();
  const [view, setView] = useState('profil');
  const profile = useProfile();
  const logout = useLogout('dashboard');
  return (
    <DashboardShell
      entries={ENTRIES}
      activeKey={view}
      onSelect={(key) => (key === 'paiement' ? navigate('/paiement') : setView(key))}
      userName={profile.data?.name}
      onLogout={() => logout.mutate()}
      isLoggingOut={logout.isPending}
    >
      <title>Espace membre — ASBE</title>
      <div className="space-y-6">
        <ProfilePanel />
        <MembershipCard />
        <section aria-labelledby="fees-title" className="max-w-2xl rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id="fees-title" className="mb-2 text-xl font-bold text-emerald-950">
            Frais d'adhésion et cotisations
          </h2>
          <p className="mb-4 text-slate-700">Réglez votre adhésion ou votre cotisation par carte ou Mobile Money.</p>
          <Link
            to="/paiement"
            className="inline-flex min-h-11 items-center gap-2 rounded-md bg-emerald-800 px-4 py-2 font-semibold text-white hover:bg-emerald-900"
          >
            <CreditCard aria-hidden size={18} />
            Faire un paiement
          </Link>
        </section>
      </div>
    </DashboardShell>
  );
}
