import { ROLES } from '@shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { DashboardShell } from '@web/components/dashboard/dashboard-shell';
import { Spinner } from '@web/components/ui/spinner';
import { useLogout } from '@web/components/account/use-logout';
import { useProfile } from '@web/components/account/use-profile';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from '@web/lib/router';
import { ADD_USER_ENTRY, ADMIN_ENTRIES, type AdminView, DEFAULT_VIEW, isAdminView } from './admin-views';
import { UnconfirmedAccountsView } from '@web/features/accounts/admin/unconfirmed-accounts-view';
import { TelephoneConflictsView } from '@web/features/accounts/admin/telephone-conflicts-view';
import { UsersView } from '@web/features/accounts/admin/users-view';
import { AccountChangesView } from '@web/features/accounts/admin/account-changes-view';
import { session } from '@web/lib/session';
import { StatsView } from '@web/features/admin-overview/stats-view';
import { WaitingView } from '@web/features/admin-overview/waiting-view';
import { AuditView } from '@web/features/audit/admin/audit-view';
import { EventsAdminView } from '@web/features/events/admin/events-admin-view';
import { ContactMessagesView } from '@web/features/contact/admin/contact-messages-view';
import { MembershipsView } from '@web/features/membership/admin/memberships-view';
import { OutboxView } from '@web/features/messages/admin/outbox-view';
import { NewsletterSendView } from '@web/features/newsletter/admin/newsletter-send-view';
import { NewsletterView } from '@web/features/newsletter/admin/newsletter-view';
import { OfflinePaymentView } from '@web/features/operations/admin/offline-payment-view';
import { YearReceiptsView } from '@web/features/operations/admin/year-receipts-view';
import { DonationsView } from '@web/features/payments/admin/donations-view';
import { PaymentsView } from '@web/features/payments/admin/payments-view';
import { UnmappedZonesView } from '@web/features/places/admin/unmapped-zones-view';
import { CommittedVersusCollected } from '@web/features/pledges/admin/committed-chart';
import { PledgesView } from '@web/features/pledges/admin/pledges-view';
import { ProjectsView } from '@web/features/projects/admin/projects-view';
import { ConsentsView } from '@web/features/privacy/admin/consents-view';
import { PrivacyRequestsView } from '@web/features/privacy/admin/privacy-requests-view';
import { TestimonialsView } from '@web/features/testimonials/admin/testimonials-view';
import { UnconfirmedVolunteersView } from '@web/features/volunteers/admin/unconfirmed-volunteers-view';

// /dashboard-administrateur: the administrator's back office. It only composes: each area's admin views live with
// their area (features/<area>/admin/); the administrator lands on what waits for them.

// The two forms (profile, add-user) bring react-hook-form and zod (~140 KB of JavaScript): they load when opened, so
// the lists' path, compiled before the first row on a slow phone, does without them (issue #20 item 1).
const ProfilePanel = lazy(() => import('@web/components/account/profile-panel').then((m) => ({ default: m.ProfilePanel })));
const AddUserModal = lazy(() => import('@web/components/account/add-user-modal').then((m) => ({ default: m.AddUserModal })));

// The treasury's area (forms, reconciliation) loads when opened.
const SettingsView = lazy(() => import('@web/features/settings/admin/settings-view').then((m) => ({ default: m.SettingsView })));
const TreasuryView = lazy(() => import('@web/features/treasury/admin/treasury-view').then((m) => ({ default: m.TreasuryView })));
const RegistersView = lazy(() => import('@web/features/privacy/admin/registers-view').then((m) => ({ default: m.RegistersView })));

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
      return (
        <div className="space-y-6">
          <StatsView onOpen={open} />
          <CommittedVersusCollected />
        </div>
      );
    case 'paiement-recu':
      return <OfflinePaymentView />;
    case 'adhesions':
      return <MembershipsView />;
    case 'recus-annuels':
      return <YearReceiptsView />;
    case 'journal':
      return <AuditView />;
    case 'dons-reguliers':
      return <PledgesView />;
    case 'evenements':
      return <EventsAdminView />;
    case 'demandes-donnees':
      return <PrivacyRequestsView />;
    case 'consentements':
      return <ConsentsView />;
    case 'changements-en-attente':
      return <AccountChangesView myId={Number(session.userId()) || null} />;
    case 'donnees-a-reprendre':
      return (
        <div className="space-y-10">
          <UnmappedZonesView />
          <TelephoneConflictsView />
        </div>
      );
    case 'parametres':
      return (
        <Suspense fallback={<Spinner />}>
          <SettingsView />
        </Suspense>
      );
    case 'tresorerie':
      return (
        <Suspense fallback={<Spinner />}>
          <TreasuryView />
        </Suspense>
      );
    case 'registres':
      return (
        <Suspense fallback={<Spinner />}>
          <RegistersView />
        </Suspense>
      );
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
