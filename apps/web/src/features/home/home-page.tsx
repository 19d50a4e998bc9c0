import { PageTitle } from '@web/components/ui/page-title';
import { NewsletterForm } from '@web/components/newsletter/newsletter-form';
import { ActionCards } from './components/action-cards';
import { CallToAction } from './components/call-to-action';
import { CausesGrid } from './components/causes-grid';
import { HeroCarousel } from './components/hero-carousel';
import { MissionSection } from './components/mission-section';
import { MissionsGrid } from './components/missions-grid';
import { ProblematiquesGrid } from './components/problematiques-grid';
import { StatsBanner } from './components/stats-banner';
import { TestimonialsCarousel } from './components/testimonials-carousel';
import { VolunteersSection } from './components/volunteers-section';

/** Home page (docs/product/public-site.md "Home page"); the header, scroll-to-top button and footer come from the public layout. */
export default function HomePage() {
  return (
    <>
      <PageTitle title="Accueil" className="sr-only">
        Association Solidarité Besoins Essentiels — Accueil
      </PageTitle>
      <HeroCarousel />
      <ActionCards />
      <MissionSection />
      <CausesGrid />
      <StatsBanner />
      <MissionsGrid />
      <VolunteersSection />
      <CallToAction />
      <TestimonialsCarousel />
      <ProblematiquesGrid />
      <NewsletterForm />
    </>
  );
}
