import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export interface PublicVolunteer {
  id: number;
  name: string;
  profile_image: string;
  profile_image_url: string | null;
}

export function getVolunteers(): Promise<PublicVolunteer[]> {
  return api.get<PublicVolunteer[]>('/volunteers', { token: null });
}

/** Confirmed volunteers (CONTRACT: only those are public). A failure is logged only (spec §8). */
export function useVolunteers() {
  return useQuery({
    queryKey: ['public', 'volunteers'],
    queryFn: () =>
      getVolunteers().catch((error: unknown) => {
        console.warn('Chargement des volontaires impossible', error);
        return [];
      }),
  });
}
