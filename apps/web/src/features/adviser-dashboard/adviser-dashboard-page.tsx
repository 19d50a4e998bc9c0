import { ADVISER_CREATABLE_ROLES } from '@shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, UserRound, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '@web/lib/router';
import { type DashboardEntry, DashboardShell } from '@web/components/dashboard/dashboard-shell';
import { AddUserModal } from '@web/components/account/add-user-modal';
import { useLogout } from '@web/components/account/use-logout';
import { ProfilePanel, useProfile } from '@web/components/account/profile-panel';
import { ApiError } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { type ActingAs, clearActingAs, readActingAs, saveActingAs } from './acting-session';
import { type CreatedUser, createdUsersKey, LOGIN_AS_FAILURE, revokeConsumerToken, useActAs } from './api/adviser';
import { CreatedUsersPanel } from './created-users-panel';
import { ZoneProvidersPanel } from './zone-providers-panel';

// /dashboard-conseiller (conseiller, conseiller_pro): Paiement, Utilisateur (list, add), Profil, Déconnexion.
// Both adviser roles may use every entry on the server, so both see all of them. The view lives in the address
// (?vue=profil; the users list is the default) so a reload or a bookmark opens it (docs/product/back-office.md).
const ENTRIES: DashboardEntry[] = [
  { key: 'paiement', label: 'Paiement', icon: CreditCard },
  {
    key: 'utilisateur',
    label: 'Utilisateur',
    icon: Users,
    children: [
      { key: 'utilisateurs', label: 'Liste des utilisateurs créés' },
      { key: 'ajouter', label: 'Ajouter un utilisateur' },
    ],
  },
  { key: 'profil', label: 'Profil', icon: UserRound },
];

type View = 'utilisateurs' | 'profil';
const isView = (value: string | null): value is View => value === 'utilisateurs' || value === 'profil';

export default function AdviserDashboardPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const logout = useLogout('dashboard');
  const [params, setParams] = useSearchParams();
  const requested = params.get('vue');
  const view: View = isView(requested) ? requested : 'utilisateurs';
  const setView = (next: View) => setParams(next === 'utilisateurs' ? {} : { vue: next });
  const [isAddUserOpen, setAddUserOpen] = useState(false);
  const actAs = useActAs();
  const [actingAs, setActingAs] = useState<ActingAs | null>(readActingAs);
  const [isDisconnecting, setDisconnecting] = useState(false);

  useEffect(() => {
    // A consumer token left without its user (another tab, an old session) is of no use: drop it.
    if (!readActingAs()) clearActingAs();
  }, []);

  const onSelect = (key: string) => {
    if (key === 'paiement') navigate('/paiement');
    else if (key === 'ajouter') setAddUserOpen(true);
    else if (isView(key)) setView(key);
  };

  const onLoginAs = async (user: CreatedUser) => {
    try {
      const { token } = await actAs.mutateAsync(user.id);
      const next = { id: user.id, name: user.name, token };
      saveActingAs(next);
      setActingAs(next);
      setView('utilisateurs');
    } catch (error) {
      // The server says why (« Votre compte n'a pas encore été confirmé… », « Ce compte a été désactivé… »).
      notify.error(error instanceof ApiError && error.status < 500 && error.message ? error.message : LOGIN_AS_FAILURE);
    }
  };

  const disconnect = async () => {
    if (!actingAs) return;
    setDisconnecting(true);
    try {
      await revokeConsumerToken(actingAs.token);
    } catch {
      // Already revoked or offline: the token still leaves this browser.
    } finally {
      clearActingAs();
      setActingAs(null);
      setDisconnecting(false);
    }
  };

  return (
    <DashboardShell
      entries={ENTRIES}
      activeKey={view}
      onSelect={onSelect}
      userName={profile.data?.name}
      onLogout={() => logout.mutate()}
      isLoggingOut={logout.isPending}
    >
      <title>{view === 'profil' ? 'Profil — Tableau de bord conseiller — ASBE' : 'Utilisateurs — Tableau de bord conseiller — ASBE'}</title>
      {view === 'profil' ? (
        <ProfilePanel />
      ) : (
        <div className="space-y-8">
          {actingAs ? (
            <ZoneProvidersPanel
              key={actingAs.token}
              userId={actingAs.id}
              userName={actingAs.name}
              consumerToken={actingAs.token}
              onDisconnect={disconnect}
              isDisconnecting={isDisconnecting}
            />
          ) : null}
          <CreatedUsersPanel onLoginAs={onLoginAs} onAdd={() => setAddUserOpen(true)} />
        </div>
      )}
      <AddUserModal
        isOpen={isAddUserOpen}
        onClose={() => setAddUserOpen(false)}
        allowedRoles={ADVISER_CREATABLE_ROLES}
        onCreated={() => queryClient.invalidateQueries({ queryKey: createdUsersKey })}
      />
    </DashboardShell>
  );
}
