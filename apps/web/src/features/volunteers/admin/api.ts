import type { MessageResponse } from '@shared/schemas/api-common';
import type { UnconfirmedVolunteer } from '@shared/schemas/public-site';
import type { VolunteerRefusalInput } from '@shared/schemas/volunteer';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { removeRow } from '@web/components/admin/page-fetchers';
import { api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';

export const UNCONFIRMED_VOLUNTEERS_KEY = ['admin', 'unconfirmed-volunteers'] as const;

const CONFIRMED = 'Volontaire confirmé avec succès !';
const CONFIRM_FAILED = 'Erreur lors de la confirmation du volontaire';

/** The volunteer leaves the waiting list (confirmed or refused); the statistics are fetched again. */
export async function dropVolunteer(queryClient: QueryClient, id: number): Promise<void> {
  await removeRow(queryClient, UNCONFIRMED_VOLUNTEERS_KEY, id);
  void queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] });
}

export function useConfirmVolunteer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: UnconfirmedVolunteer) => api.put<MessageResponse>(`/volunteers/${v.id}/confirm`),
    onSuccess: async (_body, v) => {
      notify.success(CONFIRMED);
      await dropVolunteer(queryClient, v.id);
    },
    onError: () => notify.error(CONFIRM_FAILED),
  });
}

/** « Refuser »: the reason is sent to the applicant by e-mail. */
export const refuseVolunteer = (id: number, values: VolunteerRefusalInput) => api.put<MessageResponse>(`/volunteers/${id}/refuse`, values);

/** A stored file's download address (photo, CV, criminal record, letter), fetched with the bearer token. */
export const volunteerFilePath = (kind: 'profile_image' | 'cv' | 'criminal_record' | 'motivation_letter', fileName: string) =>
  `/download/${kind}/${encodeURIComponent(fileName)}`;
