import { zodResolver } from '@hookform/resolvers/zod';
import { NEWSLETTER_SEND_MESSAGES as N, type NewsletterSendInput, newsletterSendSchema } from '@shared/schemas/newsletter-send';
import { useQueryClient } from '@tanstack/react-query';
import { tableColumns } from '@web/components/admin/list-columns';
import { ListPanel } from '@web/components/admin/list-panel';
import { listFetcher } from '@web/components/admin/page-fetchers';
import { Button } from '@web/components/ui/button';
import { TextAreaField, TextField } from '@web/components/ui/field';
import { showSubmitError } from '@web/lib/apply-server-errors';
import { notify } from '@web/lib/notify';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { NEWSLETTER_SENDS_KEY, sendNewsletter, useNewsletterAudience } from './api';
import { NEWSLETTER_SENDS_LIST as LIST } from './lists';

// Newsletter sending: compose, see how many will receive it, send; then each
// send with its sent/failed counts (the outbox worker fills them in as it delivers).

type Values = z.output<typeof newsletterSendSchema>;

const COLUMNS = tableColumns(LIST.columns);
const fetchSends = listFetcher(LIST);

function ComposeForm() {
  const queryClient = useQueryClient();
  const audience = useNewsletterAudience();
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
      const created = await sendNewsletter(values);
      notify.success(N.queued(created.recipients));
      reset();
      await queryClient.invalidateQueries({ queryKey: NEWSLETTER_SENDS_KEY });
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
      <Button type="submit" isLoading={isSubmitting} loadingText="Envoi…" disabled={count === 0}>
        Envoyer la newsletter
      </Button>
    </form>
  );
}

export function NewsletterSendView() {
  const queryClient = useQueryClient();
  // Counts grow as the outbox worker delivers: refreshed on demand rather than polled on a phone's data plan.
  const refresh = (
    <Button variant="secondary" className="w-fit" onClick={() => void queryClient.invalidateQueries({ queryKey: NEWSLETTER_SENDS_KEY })}>
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
        title={LIST.title}
        listKey={NEWSLETTER_SENDS_KEY}
        fetchPage={fetchSends}
        columns={COLUMNS}
        rowKey={(s) => s.id}
        emptyText={LIST.emptyText}
        errorText={LIST.errorText}
        searchPlaceholder={LIST.searchPlaceholder}
        toolbar={refresh}
      />
    </div>
  );
}
