import { Building2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { type DashboardEntry, DashboardShell } from '@web/components/dashboard/dashboard-shell';
import { useLogout } from '@web/components/account/use-logout';
import { ProfilePanel, useProfile } from '@web/components/account/profile-panel';
import { ProviderInfoPanel } from './provider-info-panel';

// /dashboard-prestataire (docs/product/screens.md): Profil, Informations prestataire, Logout.
const ENTRIES: DashboardEntry[] = [
  { key: 'profil', label: 'Profil', icon: UserRound },
  { key: 'prestataire', label: 'Informations prestataire', icon: Building2 },
];

export default function ProviderDashboardPage() {
  const [view, setView] = useState('profil');
  const profile = useProfile();
  const logout = useLogout('dashboard');
  return (
    <DashboardShell
      entries={ENTRIES}
      activeKey={view}
      onSelect={setView}
      userName={profile.data?.name}
      onLogout={() => logout.mutate()}
      isLoggingOut={logout.isPending}
    >
      <title>
        {view === 'profil'
          ? 'Profil — Tableau de bord prestataire — ASBE'
          : 'Informations prestataire — Tableau de bord prestataire — ASBE'}
      </title>
      {view === 'profil' ? <ProfilePanel /> : <ProviderInfoPanel />}
    </DashboardShell>
  );
}
