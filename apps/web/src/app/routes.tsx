import { ADVISER_ROLES, CHOOSE_PASSWORD_PATH, MEMBER_SPACE_ROLES, PROVIDER_ROLES, type Role } from '@shared/constants';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { Spinner } from '@web/components/ui/spinner';
import { useAnnounceHydrated } from '@web/lib/hydration';
import { Guard } from './guard';
import { PublicLayout } from './layouts/public-layout';
import { RouteErrorBoundary } from './pages/route-error';

// Every route of spec §2, in React Router's declarative mode: the data router (loaders, actions) would add ~17 KB
// gzip to every first load and this app has no loaders. Each page is its own lazily loaded chunk, so the home page
// never downloads a dashboard; navigations run in a transition, so the previous page stays until the next is ready.
// Pages get TanStack Query's provider with their own chunk; the home page uses none, so its first load skips it.
type PageModule = Promise<{ default: ComponentType }>;
const lazyPage = (load: () => PageModule, options: { withQueries?: boolean } = {}) => {
  const build = async (): Promise<ComponentType> => {
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
const LoginPage = lazyPage(() => import('@web/features/auth/login-page'));
const ForgotPasswordPage = lazyPage(() => import('@web/features/password-recovery/forgot-password-page'));
const PaymentPage = lazyPage(() => import('@web/features/payments/payment-page'));
const TestimonialPage = lazyPage(() => import('@web/features/testimonials/testimonial-page'));
const DonationPage = lazyPage(() => import('@web/features/payments/donation-page'));
const VolunteerPage = lazyPage(() => import('@web/features/volunteers/volunteer-page'));
const ProjectPage = lazyPage(() => import('@web/features/projects/project-page'));
const CausePage = lazyPage(() => import('@web/features/causes/cause-page'));
const UnauthorizedPage = lazyPage(() => import('./pages/unauthorized-page'));
const RegisterPage = lazyPage(() => import('@web/features/auth/register-page'));
const InformationPage = lazyPage(() => import('@web/features/provider-information/information-page'));
const QuestionnairePage = lazyPage(() => import('@web/features/questionnaire/questionnaire-page'));
const ConsumerPage = lazyPage(() => import('@web/features/consumer/consumer-page'));
const NotFoundPage = lazyPage(() => import('./pages/not-found-page'));
const AdminDashboardPage = lazyPage(() => import('@web/features/admin-dashboard/admin-dashboard-page'));
const AdviserDashboardPage = lazyPage(() => import('@web/features/adviser-dashboard/adviser-dashboard-page'));
const ProviderDashboardPage = lazyPage(() => import('@web/features/provider-dashboard/provider-dashboard-page'));
const MemberSpacePage = lazyPage(() => import('@web/features/member-space/member-space-page'));
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
            <Route path="/volontier" element={<VolunteerPage />} />
            <Route path="/projet-social" element={<ProjectPage />} />
            <Route path="/causes/:causeId" element={<CausePage />} />
            <Route path="/unauthorized" element={<UnauthorizedPage />} />
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
