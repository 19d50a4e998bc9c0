import { ADVISER_ROLES, CHOOSE_PASSWORD_PATH, MEMBER_SPACE_ROLES, PROVIDER_ROLES, type Role } from '@shared/constants';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes } from '@web/lib/router';
import { Spinner } from '@web/components/ui/spinner';
import { useAnnounceHydrated } from '@web/lib/hydration';
import { Guard } from './guard';
import { PublicLayout } from './layouts/public-layout';
import { RouteErrorBoundary } from './pages/route-error';

// Every route of docs/product/screens.md, in React Router's declarative mode: the data router (loaders, actions) would add ~17 KB
// gzip to every first load and this app has no loaders. Each page is its own lazily loaded chunk, so the home page
// never downloads a dashboard; navigations run in a transition, so the previous page stays until the next is ready.
// Pages get TanStack Query's provider with their own chunk; the home page uses none, so its first load skips it.
type PageModule = Promise<{ default: ComponentType }>;
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
/**
 * The chunks a prerendered page's HTML lists for its page, dependencies first (data-chunks on boot.js's script,
 * scripts/lib/prerender-pages.mjs); taken once, by the first page of the visit.
 */
let entryChunks: string[] | undefined;
const takeEntryChunks = (): string[] => {
  if (entryChunks) return [];
  entryChunks = document.querySelector<HTMLScriptElement>('script[data-chunks]')?.dataset.chunks?.split(' ').filter(Boolean) ?? [];
  return entryChunks;
};
/**
 * The first page of a visit evaluates its modules one chunk per task: each evaluation is short, where the whole page
 * at once held the main thread long enough to delay a tap on a slow phone (issue #32, TBT). The public forms do not
 * load zod with their page at all: their schema loads at the first touch (lib/lazy-resolver.ts, issue #43). Without
 * that list (a page rendered in the browser), `forms` pages that still import zod evaluate it in a task of its own.
 * Later navigations load everything at once (no extra wait).
 */
const lazyPage = (load: () => PageModule, options: { withQueries?: boolean; forms?: boolean } = {}) => {
  const build = async (): Promise<ComponentType> => {
    const firstPage = typeof document !== 'undefined' && !document.documentElement.dataset.hydrated;
    const staged = firstPage ? takeEntryChunks() : [];
    for (const href of staged) {
      await import(/* @vite-ignore */ href);
      await nextTask();
    }
    if (options.forms && firstPage && !staged.length) {
      await import('@shared/zod-fr');
      await nextTask();
    }
    const [module, queries] = await Promise.all([load(), options.withQueries === false ? null : import('./query-provider')]);
    const Loaded = module.default;
    const Page = () => {
      useAnnounceHydrated();
      return <Loaded />;
    };
    if (!queries) return Page;
    const { QueryProvider } = queries;
    return () => (
      <QueryProvider>
        <Page />
      </QueryProvider>
    );
  };
  // Issue #20 item 1: a page loaded before the first render (preloadRoute) renders at once. Through React.lazy it would
  // suspend first, and React 19 holds the content of a boundary that has shown its fallback for up to 300 ms.
  let ready: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  const preload = () => {
    pending ??= build().then((page) => {
      ready = page;
      return page;
    });
    return pending;
  };
  const Lazy = lazy(() => preload().then((page) => ({ default: page })));
  const PageRoute = () => {
    const Ready = ready;
    return Ready ? <Ready /> : <Lazy />;
  };
  return Object.assign(PageRoute, { preload });
};

const HomePage = lazyPage(() => import('@web/features/home/home-page'), { withQueries: false });
const AboutPage = lazyPage(() => import('@web/features/about/about-page'));
const ContactPage = lazyPage(() => import('@web/features/contact/contact-page'));
const LoginPage = lazyPage(() => import('@web/features/auth/login-page'), { withQueries: false });
const ForgotPasswordPage = lazyPage(() => import('@web/features/password-recovery/forgot-password-page'));
const PaymentPage = lazyPage(() => import('@web/features/payments/payment-page'));
const TestimonialPage = lazyPage(() => import('@web/features/testimonials/testimonial-page'));
const DonationPage = lazyPage(() => import('./pages/donation-route'));
const PledgePage = lazyPage(() => import('@web/features/pledges/pledge-page'));
const PledgePayPage = lazyPage(() => import('@web/features/pledges/pay-page'), { forms: true });
const VolunteerPage = lazyPage(() => import('@web/features/volunteers/volunteer-page'));
const ProjectPage = lazyPage(() => import('@web/features/projects/project-page'));
const CausePage = lazyPage(() => import('@web/features/causes/cause-page'));
const TransparencyPage = lazyPage(() => import('@web/features/transparency/transparency-page'));
const PrivacyPage = lazyPage(() => import('@web/features/privacy/privacy-page'), { withQueries: false });
const ConsentPage = lazyPage(() => import('@web/features/privacy/consent-page'), { withQueries: false });
const UnauthorizedPage = lazyPage(() => import('./pages/unauthorized-page'));
const RegisterPage = lazyPage(() => import('@web/features/auth/register-page'));
const InformationPage = lazyPage(() => import('@web/features/provider-information/information-page'));
const QuestionnairePage = lazyPage(() => import('@web/features/questionnaire/questionnaire-page'));
const ConsumerPage = lazyPage(() => import('@web/features/consumer/consumer-page'));
const NotFoundPage = lazyPage(() => import('./pages/not-found-page'));
const AdminDashboardPage = lazyPage(() => import('@web/app/pages/admin-dashboard/admin-dashboard-page'));
const AdviserDashboardPage = lazyPage(() => import('@web/features/adviser-dashboard/adviser-dashboard-page'));
const ProviderDashboardPage = lazyPage(() => import('@web/features/provider-dashboard/provider-dashboard-page'));
const MemberSpacePage = lazyPage(() => import('./pages/member-space-route'));
const EventsPage = lazyPage(() => import('@web/features/events/events-page'));
const EventPage = lazyPage(() => import('@web/features/events/event-page'));
const TicketPage = lazyPage(() => import('@web/features/events/ticket-page'));
const CheckInPage = lazyPage(() => import('@web/features/events/check-in/check-in-page'), { withQueries: false });
const VolunteerSpacePage = lazyPage(() => import('@web/features/events/volunteers/volunteer-space-page'), { withQueries: false });
const ChoosePasswordPage = lazyPage(() => import('@web/features/auth/choose-password-page'), { withQueries: false });

/**
 * The pages main.tsx loads before the first render when the address is theirs: the back office's dashboards, whose
 * HTML already preloads their chunks and starts their first API request (scripts/lib/dashboard-pages.mjs).
 */
const PRELOADED_ON_ENTRY: Record<string, { preload: () => Promise<unknown> }> = {
  '/dashboard-administrateur': AdminDashboardPage,
  '/dashboard-conseiller': AdviserDashboardPage,
};
export const preloadRoute = (pathname: string): Promise<unknown> => PRELOADED_ON_ENTRY[pathname]?.preload() ?? Promise.resolve();

const guarded = (roles: readonly Role[] | undefined, children: ReactNode) => <Route element={<Guard roles={roles} />}>{children}</Route>;

const fallback = (
  <div className="p-8">
    <Spinner />
  </div>
);

/** The whole route table. Rendered inside BrowserRouter (main.tsx) or StaticRouter (prerender.tsx). */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={fallback}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route path="/" element={<HomePage />} />
            <Route path="/about" element={<AboutPage />} />
            <Route path="/contact" element={<ContactPage />} />
            <Route path="/connexion" element={<LoginPage />} />
            <Route path="/mot-de-passe-oublie" element={<ForgotPasswordPage />} />
            <Route path="/paiement" element={<PaymentPage />} />
            <Route path="/temoignage" element={<TestimonialPage />} />
            <Route path="/donation" element={<DonationPage />} />
            <Route path="/engagement/:token" element={<PledgePage />} />
            <Route path="/engagement/:token/payer" element={<PledgePayPage />} />
            <Route path="/volontier" element={<VolunteerPage />} />
            <Route path="/projet-social" element={<ProjectPage />} />
            <Route path="/causes/:causeId" element={<CausePage />} />
            <Route path="/transparence" element={<TransparencyPage />} />
            <Route path="/confidentialite" element={<PrivacyPage />} />
            <Route path="/consentement" element={<ConsentPage />} />
            <Route path="/unauthorized" element={<UnauthorizedPage />} />
            <Route path="/evenements" element={<EventsPage />} />
            <Route path="/evenements/:id" element={<EventPage />} />
            <Route path="/billet/:token" element={<TicketPage />} />
            <Route path="/accueil/:eventId" element={<CheckInPage />} />
            <Route path="/benevole" element={<VolunteerSpacePage />} />
            {guarded(undefined, <Route path={CHOOSE_PASSWORD_PATH} element={<ChoosePasswordPage />} />)}
            {guarded(['administrateur', ...ADVISER_ROLES], <Route path="/inscription" element={<RegisterPage />} />)}
            {guarded(PROVIDER_ROLES, <Route path="/information" element={<InformationPage />} />)}
            {guarded(
              ['consommateur'],
              [
                <Route key="q" path="/questionnaire" element={<QuestionnairePage />} />,
                <Route key="c" path="/consommateur" element={<ConsumerPage />} />,
              ],
            )}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          {guarded(['administrateur'], <Route path="/dashboard-administrateur" element={<AdminDashboardPage />} />)}
          {guarded(ADVISER_ROLES, <Route path="/dashboard-conseiller" element={<AdviserDashboardPage />} />)}
          {guarded(PROVIDER_ROLES, <Route path="/dashboard-prestataire" element={<ProviderDashboardPage />} />)}
          {guarded(MEMBER_SPACE_ROLES, <Route path="/espace-membre" element={<MemberSpacePage />} />)}
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
