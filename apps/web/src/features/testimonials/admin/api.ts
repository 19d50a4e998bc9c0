import type { AdminTestimonial } from '@shared/schemas/public-site';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeRow } from '@web/components/admin/page-fetchers';
import { api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';

const PUBLISHED = 'Témoignage publié avec succès.';
const PUBLISH_FAILED = 'Erreur lors de la publication du témoignage';

/** « Publier »: the testimonial moves from « En attente » to « Publiés ». */
export function usePublishTestimonial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (t: AdminTestimonial) => api.put(`/testimonials/${t.id}/publish`),
    onSuccess: async (_body, t) => {
      notify.success(PUBLISHED);
      await removeRow(queryClient, ['admin', 'testimonials', 'pending'], t.id);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'testimonials', 'published'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] });
    },
    onError: () => notify.error(PUBLISH_FAILED),
  });
}

export const deleteTestimonial = (t: AdminTestimonial) => api.delete(`/testimonials/${t.id}`);
