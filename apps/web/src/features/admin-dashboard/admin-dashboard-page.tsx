import { ROLES } from '@shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { DashboardShell } from '@web/components/dashboard/dashboard-shell';
import { Spinner } from '@web/components/ui/spinner';
import { useLogout } from '@web/components/account/use-logout';
import { useProfile } from '@web/components/account/use-profile';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ADD_USER_ENTRY, ADMIN_ENTRIES, type AdminView, DEFAULT_VIEW, isAdminView } from './admin-views';
import { AuditView } from './views/audit-view';
import { ContactMessagesView } from './views/contact-messages-view';
import { DonationsView } from './views/donations-view';
import { MembershipsView } from './views/memberships-view';
import { NewsletterSendView } from './views/newsletter-send-view';
import { NewsletterView } from './views/newsletter-view';
import { OfflinePaymentView } from './views/offline-payment-view';
import { OutboxView } from './views/outbox-view';
import { PaymentsView } from './views/payments-view';
import { ProjectsView } from './views/projects-view';
import { StatsView } from './views/stats-view';
import { TestimonialsView } from './views/testimonials-view';
import { UnconfirmedAccountsView } from './views/unconfirmed-accounts-view';
import { UnconfirmedVolunteersView } from './views/unconfirmed-volunteers-view';
import { UsersView } from './views/users-view';
import { WaitingView } from './views/waiting-view';
import { YearReceiptsView } from './views/year-receipts-view';

// /dashboard-administrateur (spec §2 "Administrator dashboard"). The administrator lands on what waits for them.

// The two forms (profile, add-user) bring react-hook-form and zod (~140 KB of JavaScript): they load when opened, so
// the lists' path, compiled before the first row on a slow phone, does without them (issue #20 item 1).
const ProfilePanel = lazy(() => import('@web/components/account/profile-panel').then((m) => ({ default: m.ProfilePanel })));
const AddUserModal = lazy(() => import('@web/components/account/add-user-modal').then((m) => ({ default: m.AddUserModal })));

function renderView(view: AdminView, open: (v: AdminView) => void): ReactNode {
  switch (view) {
    case 'a-traiter':
      return <WaitingView onOpen={open} />;
    case 'profil':
      return (
        <Suspense fallback={<Spinner />}>
          <ProfilePanel />
        </Suspense>
      );
    case 'confirmer-compte':
      return <UnconfirmedAccountsView />;
    case 'confirmer-volontaire':
      return <UnconfirmedVolunteersView />;
    case 'sympathisants':
    case 'prestataires':
    case 'conseillers':
    case 'membres':
      return <UsersView group={view} />;
    case 'projets':
      return <ProjectsView />;
    case 'paiements':
      return <PaymentsView />;
    case 'dons':
      return <DonationsView />;
    case 'temoignages':
      return <TestimonialsView />;
    case 'messages':
      return <ContactMessagesView />;
    case 'newsletter':
      return <NewsletterView />;
    case 'envoi-newsletter':
      return <NewsletterSendView />;
    case 'sms-emails':
      return <OutboxView />;
    case 'statistiques':
      return <StatsView onOpen={open} />;
    case 'paiement-recu':
      return <OfflinePaymentView />;
    case 'adhesions':
      return <MembershipsView />;
    case 'recus-annuels':
      return <YearReceiptsView />;
    case 'journal':
      return <AuditView />;
  }
}

const labelOf = (view: AdminView): string => {
  for (const entry of ADMIN_ENTRIES) {
    if (entry.key === view) return entry.label;
    const child = entry.children?.find((c) => c.key === view);
    if (child) return child.label;
  }
  return 'Tableau de bord';
};

export default function AdminDashboardPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('vue');
  const view: AdminView = isAdminView(requested) ? requested : DEFAULT_VIEW;
  const [isAddUserOpen, setAddUserOpen] = useState(false);
  const profile = useProfile();
  const logout = useLogout('admin');
  const queryClient = useQueryClient();
  const contentRef = useRef<HTMLDivElement>(null);
  const hasNavigated = useRef(false);

  useEffect(() => {
    document.title = `${labelOf(view)} — Tableau de bord administrateur — ASBE`;
    // After a sidebar choice, move the keyboard and screen-reader focus to the new content.
    if (hasNavigated.current) contentRef.current?.focus();
  }, [view]);

  const open = (next: AdminView) => {
    hasNavigated.current = true;
    // One history entry per view, so the back button returns to the previous one.
    setParams(next === DEFAULT_VIEW ? {} : { vue: next });
  };

  return (
    <DashboardShell
      entries={ADMIN_ENTRIES}
      activeKey={view}
      onSelect={(key) => {
        if (key === ADD_USER_ENTRY) setAddUserOpen(true);
        else if (isAdminView(key)) open(key);
      }}
      userName={profile.data?.name}
      onLogout={() => logout.mutate()}
      isLoggingOut={logout.isPending}
    >
      <div ref={contentRef} tabIndex={-1} className="outline-none">
        {renderView(view, open)}
      </div>
      {isAddUserOpen ? (
        <Suspense fallback={null}>
          <AddUserModal
            isOpen
            onClose={() => setAddUserOpen(false)}
            allowedRoles={ROLES}
            onCreated={() => void queryClient.invalidateQueries({ queryKey: ['admin'] })}
          />
        </Suspense>
      ) : null}
    </DashboardShell>
  );
}
