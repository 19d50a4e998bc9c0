import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export interface PublicTestimonial {
  id: number;
  text: string;
  author: string;
  title: string;
  avatar: string;
  avatar_url: string | null;
}

export function getTestimonials(): Promise<PublicTestimonial[]> {
  return api.get<PublicTestimonial[]>('/testimonials', { token: null });
}

/** Published testimonials. A failure is logged only, so the loading message stays (spec §8). */
export function useTestimonials() {
  return useQuery({
    queryKey: ['public', 'testimonials'],
    queryFn: () =>
      getTestimonials().catch((error: unknown) => {
        console.warn('Chargement des témoignages impossible', error);
        return [];
      }),
  });
}
