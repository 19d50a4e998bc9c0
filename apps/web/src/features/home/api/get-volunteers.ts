import { api } from '@web/lib/api-client';
import { usePublicData } from '@web/lib/use-public-data';
import type { PublicVolunteer } from '@shared/schemas/public-site';

export type { PublicVolunteer };

export function getVolunteers(): Promise<PublicVolunteer[]> {
  return api.get<PublicVolunteer[]>('/volunteers', { token: null });
}

// A stable loader (module-level) so the hook's effect runs once; failures are logged, and the section keeps its loading text.
const loadVolunteers = (): Promise<PublicVolunteer[]> =>
  getVolunteers().catch((error: unknown) => {
    console.warn('Chargement des volontaires impossible', error);
    throw error;
  });

/** Confirmed volunteers (docs/product/public-site.md: only those are public). A failure is logged only (docs/product/errors.md). */
export function useVolunteers() {
  return usePublicData('public-volunteers', loadVolunteers);
}
