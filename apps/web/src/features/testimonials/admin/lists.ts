import { formatDate } from '@shared/format';
import type { AdminTestimonial } from '@shared/schemas/public-site';
import { fetchError } from '@web/components/admin/admin-texts';
import type { ListDefinition } from '@web/components/admin/list-definition';

// Moderation of submitted testimonials: only published ones are shown on the public site. No React here: the
// dashboards' early script reads this definition too.

export type TestimonialStatus = 'pending' | 'published';

export const TESTIMONIALS_LIST: ListDefinition<AdminTestimonial, { status: TestimonialStatus }> = {
  title: 'Témoignages',
  path: '/admin/testimonials',
  params: { status: 'pending' },
  columns: [
    { key: 'author', header: 'Auteur', text: (t) => t.author },
    { key: 'title', header: 'Titre', text: (t) => t.title },
    { key: 'text', header: 'Témoignage', text: (t) => t.text },
    { key: 'date', header: 'Date', text: (t) => formatDate(t.created_at), nowrap: true },
    { key: 'actions', header: 'Actions' },
  ],
  emptyText: 'Aucun témoignage en attente de publication.',
  errorText: fetchError('des témoignages'),
  searchPlaceholder: 'Rechercher par auteur, titre, texte…',
};

export const PUBLISHED_EMPTY = 'Aucun témoignage publié.';
