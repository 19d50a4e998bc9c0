import { api } from '@web/lib/api-client';
import { usePublicData } from '@web/lib/use-public-data';
import type { PublicTestimonial } from '@shared/schemas/public-site';

export type { PublicTestimonial };

export function getTestimonials(): Promise<PublicTestimonial[]> {
  return api.get<PublicTestimonial[]>('/testimonials', { token: null });
}

// A stable loader (module-level) so the hook's effect runs once; failures are logged, and the section keeps its loading text.
const loadTestimonials = (): Promise<PublicTestimonial[]> =>
  getTestimonials().catch((error: unknown) => {
    console.warn('Chargement des témoignages impossible', error);
    throw error;
  });

/** Published testimonials. A failure is logged only, so the loading message stays (docs/product/errors.md). */
export function useTestimonials() {
  return usePublicData('public-testimonials', loadTestimonials);
}
