import { zodResolver } from '@hookform/resolvers/zod';
import { formatDate } from '@shared/format';
import {
  NEWSLETTER_SEND_MESSAGES as N,
  type NewsletterAudience,
  type NewsletterSendCreated,
  type NewsletterSendInput,
  type NewsletterSendListItem,
  newsletterSendSchema,
} from '@shared/schemas/newsletter-send';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Column } from '@web/components/dashboard/data-table';
import { Button } from '@web/components/ui/button';
import { TextAreaField, TextField } from '@web/components/ui/field';
import { api } from '@web/lib/api-client';
import { showSubmitError } from '@web/lib/apply-server-errors';
import { notify } from '@web/lib/notify';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { pageFetcher } from '../api/admin-lists';
import { ListPanel } from '../components/list-panel';

// Newsletter sending (CONTRACT.md "Newsletter sending"): compose, see how many will receive it, send; then each
// send with its sent/failed counts (the outbox worker fills them in as it delivers).

type Values = z.output<typeof newsletterSendSchema>;

const COLUMNS: ReadonlyArray<Column<NewsletterSendListItem>> = [
  { key: 'date', header: 'Date', render: (s) => <span className="whitespace-nowrap">{formatDate(s.created_at)}</span> },
  { key: 'subject', header: 'Objet', render: (s) => s.subject },
  { key: 'recipients', header: 'Destinataires', render: (s) => s.recipients },
  { key: 'sent', header: 'Envoyés', render: (s) => s.sent },
  { key: 'failed', header: 'Échecs', render: (s) => s.failed },
];

const fetchSends = pageFetcher<NewsletterSendListItem>('/admin/newsletters');

function ComposeForm() {
  const queryClient = useQueryClient();
  const audience = useQuery({
    queryKey: ['admin', 'newsletter-audience'],
    queryFn: () => api.get<NewsletterAudience>('/admin/newsletters/audience'),
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewsletterSendInput, unknown, Values>({
    resolver: zodResolver(newsletterSendSchema),
    defaultValues: { subject: '', body: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await api.post<NewsletterSendCreated>('/admin/newsletters', values);
      notify.success(N.queued(created.recipients));
      reset();
      await queryClient.invalidateQueries({ queryKey: ['admin', 'newsletter-sends'] });
    } catch (error) {
      showSubmitError(error, setError);
    }
  });

  const count = audience.data?.recipients;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Écrire une newsletter"
      className="grid max-w-2xl gap-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <TextField label="Objet" maxLength={150} required error={errors.subject?.message} {...register('subject')} />
      <TextAreaField
        label="Texte"
        rows={8}
        required
        error={errors.body?.message}
        hint="Séparez les paragraphes par une ligne vide."
        {...register('body')}
      />
      <p role="status" className="text-slate-700">
        {count === undefined ? 'Calcul du nombre de destinataires…' : `Destinataires\u00a0: ${count} abonné${count > 1 ? 's' : ''}`}
      </p>
      <Button type="submit" isLoading={isSubmitting} loadingText="Envoi..." disabled={count === 0}>
        Envoyer la newsletter
      </Button>
    </form>
  );
}

export function NewsletterSendView() {
  const queryClient = useQueryClient();
  // Counts grow as the outbox worker delivers: refreshed on demand rather than polled on a phone's data plan.
  const refresh = (
    <Button
      variant="secondary"
      className="w-fit"
      onClick={() => void queryClient.invalidateQueries({ queryKey: ['admin', 'newsletter-sends'] })}
    >
      Actualiser les compteurs
    </Button>
  );
  return (
    <div className="space-y-8">
      <section aria-labelledby="newsletter-compose-title" className="space-y-4">
        <h2 id="newsletter-compose-title" className="text-2xl font-bold text-emerald-950">
          Envoyer une newsletter
        </h2>
        <ComposeForm />
      </section>
      <ListPanel
        title="Newsletters envoyées"
        listKey={['admin', 'newsletter-sends']}
        fetchPage={fetchSends}
        columns={COLUMNS}
        rowKey={(s) => s.id}
        emptyText="Aucune newsletter envoyée pour le moment."
        errorText="Erreur lors de la récupération des newsletters envoyées"
        searchPlaceholder="Rechercher par objet..."
        toolbar={refresh}
      />
    </div>
  );
}
