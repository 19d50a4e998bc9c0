import { ADVISER_ROLES, PROVIDER_ROLES, type Role } from '@shared/constants';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Guard } from './guard';
import { PublicLayout } from './layouts/public-layout';
import { RouteError } from './pages/route-error';

// Every route of spec §2. Each page is its own lazily loaded chunk: the home page never downloads a dashboard.
// Pages get TanStack Query's provider with their own chunk; the home page uses none, so its first load skips it.
type PageModule = Promise<{ default: ComponentType }>;
const page = (load: () => PageModule, options: { withQueries?: boolean } = {}): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [module, queries] = await Promise.all([load(), options.withQueries === false ? null : import('./query-provider')]);
    const Page = module.default;
    if (!queries) return { Component: Page };
    const { QueryProvider } = queries;
    return {
      Component: () => (
        <QueryProvider>
          <Page />
        </QueryProvider>
      ),
    };
  },
});

const guarded = (roles: readonly Role[] | undefined, children: RouteObject[]): RouteObject => ({
  element: <Guard roles={roles} />,
  children,
});

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', ...page(() => import('@web/features/home/home-page'), { withQueries: false }) },
          { path: '/about', ...page(() => import('@web/features/about/about-page')) },
          { path: '/contact', ...page(() => import('@web/features/contact/contact-page')) },
          { path: '/connexion', ...page(() => import('@web/features/auth/login-page')) },
          { path: '/paiement', ...page(() => import('@web/features/payments/payment-page')) },
          { path: '/temoignage', ...page(() => import('@web/features/testimonials/testimonial-page')) },
          { path: '/donation', ...page(() => import('@web/features/payments/donation-page')) },
          { path: '/volontier', ...page(() => import('@web/features/volunteers/volunteer-page')) },
          { path: '/projet-social', ...page(() => import('@web/features/projects/project-page')) },
          { path: '/causes/:causeId', ...page(() => import('@web/features/causes/cause-page')) },
          { path: '/unauthorized', ...page(() => import('./pages/unauthorized-page')) },
          guarded(['administrateur', ...ADVISER_ROLES], [{ path: '/inscription', ...page(() => import('@web/features/auth/register-page')) }]),
          guarded(PROVIDER_ROLES, [{ path: '/information', ...page(() => import('@web/features/provider-information/information-page')) }]),
          guarded(['consommateur'], [
            { path: '/questionnaire', ...page(() => import('@web/features/questionnaire/questionnaire-page')) },
            { path: '/consommateur', ...page(() => import('@web/features/consumer/consumer-page')) },
          ]),
          { path: '*', ...page(() => import('./pages/not-found-page')) },
        ],
      },
      guarded(['administrateur'], [{ path: '/dashboard-administrateur', ...page(() => import('@web/features/admin-dashboard/admin-dashboard-page')) }]),
      guarded(ADVISER_ROLES, [{ path: '/dashboard-conseiller', ...page(() => import('@web/features/adviser-dashboard/adviser-dashboard-page')) }]),
      guarded(PROVIDER_ROLES, [{ path: '/dashboard-prestataire', ...page(() => import('@web/features/provider-dashboard/provider-dashboard-page')) }]),
      guarded(['membre', 'sympathisant'], [{ path: '/espace-membre', ...page(() => import('@web/features/member-space/member-space-page')) }]),
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
