import { VOLUNTEER_DOMAIN_LABELS } from '@shared/constants';
import { formatTelephone } from '@shared/phone';
import { formatCotonouShort } from '@shared/format';
import type { UnconfirmedVolunteer } from '@shared/schemas/public-site';
import type { DecidedVolunteer, VolunteerDecision } from '@shared/schemas/volunteer';
import { fetchError } from '@web/components/admin/admin-texts';
import { labelOf, type ListDefinition } from '@web/components/admin/list-definition';

// « Confirmer Volontaire »: the applications waiting for the administrator, with their documents.
// No React here: the dashboards' early script reads this definition too.

export const UNCONFIRMED_VOLUNTEERS_LIST: ListDefinition<UnconfirmedVolunteer> = {
  title: 'Confirmer Volontaire',
  path: '/volunteers/unconfirmed',
  params: {},
  columns: [
    { key: 'name', header: 'Nom', text: (v) => v.name },
    { key: 'telephone', header: 'Téléphone', text: (v) => formatTelephone(v.telephone) || '—', nowrap: true },
    { key: 'email', header: 'Email', text: (v) => v.email || '—' },
    { key: 'profile_image', header: 'Photo' },
    { key: 'cv', header: 'CV' },
    { key: 'criminal_record', header: 'Casier' },
    { key: 'motivation_letter', header: 'Lettre' },
    { key: 'domain', header: 'Domaine', text: (v) => labelOf(VOLUNTEER_DOMAIN_LABELS, v.domain) },
    { key: 'action', header: 'Action' },
  ],
  emptyText: 'Pas de volontaires en attente de confirmation',
  errorText: fetchError('des volontaires non confirmés'),
  searchPlaceholder: 'Rechercher par nom, email…',
};

/** « Confirmés » and « Refusés » beside the waiting list: what was decided, and what is kept of deleted documents. */
export const DECIDED_VOLUNTEERS_LIST: ListDefinition<DecidedVolunteer, { status: VolunteerDecision }> = {
  title: 'Confirmer Volontaire',
  path: '/volunteers/decided',
  params: { status: 'confirme' },
  columns: [
    { key: 'name', header: 'Nom', text: (v) => v.name },
    { key: 'telephone', header: 'Téléphone', text: (v) => formatTelephone(v.telephone) || '—', nowrap: true },
    { key: 'email', header: 'Email', text: (v) => v.email || '—' },
    { key: 'domain', header: 'Domaine', text: (v) => labelOf(VOLUNTEER_DOMAIN_LABELS, v.domain) },
    {
      key: 'decision',
      header: 'Décision',
      text: (v) =>
        v.status === 'confirme'
          ? 'Confirmé'
          : `Refusé le ${formatCotonouShort(v.refused_at ?? '').slice(0, 10)}${v.refusal_reason ? ` : ${v.refusal_reason}` : ''}`,
    },
    { key: 'criminal_record', header: 'Casier judiciaire' },
  ],
  emptyText: 'Aucun volontaire ici pour le moment',
  errorText: fetchError('des volontaires'),
  searchPlaceholder: 'Rechercher par nom, email…',
};
