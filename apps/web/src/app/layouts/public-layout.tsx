import { Suspense } from 'react';
import { Outlet } from '@web/lib/router';
import { Footer } from '@web/components/layout/footer';
import { Header } from '@web/components/layout/header';
import { OfflineNotice } from '@web/components/layout/offline-notice';
import { ScrollToTop } from '@web/components/layout/scroll-to-top';
import { Spinner } from '@web/components/ui/spinner';

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Aller au contenu
      </a>
      <Header />
      {/* At least a screen high: the footer starts below the fold, so a page whose content arrives later (a lazy chunk,
          data) never pushes it down inside the viewport (layout shift). */}
      <main id="contenu" className="min-h-svh flex-1">
        <Suspense
          fallback={
            <div className="p-8">
              <Spinner />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollToTop />
      <OfflineNotice />
    </div>
  );
}
