import { zodResolver } from '@hookform/resolvers/zod';
import { formatDate } from '@shared/format';
import { type BreachInput, breachInputSchema } from '@shared/schemas/privacy-registers';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { TextAreaField, TextField } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { showSubmitError } from '@web/lib/apply-server-errors';
import { notify } from '@web/lib/notify';
import { useForm } from 'react-hook-form';
import { recordBreach, useBreaches } from './registers-api';

// The breach register: the form that records one (what, when, who, measures, notified or not) and the list.

const EMPTY: BreachInput = {
  description: '',
  occurred_at: '',
  discovered_at: '',
  people_affected: '',
  people_count: '',
  data_categories: '',
  measures: '',
  apdp_notified_at: '',
  people_notified_at: '',
};

export function BreachesPanel() {
  const breaches = useBreaches();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BreachInput>({ resolver: zodResolver(breachInputSchema), mode: 'onTouched', defaultValues: EMPTY });

  const onValid = async (values: BreachInput) => {
    try {
      const res = await recordBreach(values);
      notify.success(res.message);
      reset(EMPTY);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'privacy', 'breaches'] });
    } catch (error) {
      showSubmitError(error, setError);
    }
  };

  return (
    <section aria-labelledby="breaches-title" className="space-y-4">
      <h2 id="breaches-title" className="text-2xl font-bold text-emerald-950">
        Registre des violations de données
      </h2>
      <form
        noValidate
        onSubmit={handleSubmit(onValid)}
        aria-label="Inscrire une violation de données"
        className="grid max-w-2xl gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 sm:p-6"
      >
        <div className="sm:col-span-2">
          <TextAreaField label="Ce qui s’est passé" rows={3} error={errors.description?.message} {...register('description')} />
        </div>
        <TextField label="Date de la violation" type="date" error={errors.occurred_at?.message} {...register('occurred_at')} />
        <TextField label="Date de la découverte" type="date" error={errors.discovered_at?.message} {...register('discovered_at')} />
        <TextField label="Personnes concernées" error={errors.people_affected?.message} {...register('people_affected')} />
        <TextField
          label="Nombre de personnes (si connu)"
          inputMode="numeric"
          error={errors.people_count?.message}
          {...register('people_count')}
        />
        <div className="sm:col-span-2">
          <TextField label="Données concernées" error={errors.data_categories?.message} {...register('data_categories')} />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField label="Mesures prises" rows={3} error={errors.measures?.message} {...register('measures')} />
        </div>
        <TextField
          label="APDP notifiée le"
          type="date"
          hint="Laisser vide si elle n’a pas été notifiée."
          error={errors.apdp_notified_at?.message}
          {...register('apdp_notified_at')}
        />
        <TextField
          label="Personnes prévenues le"
          type="date"
          hint="Laisser vide si elles n’ont pas été prévenues."
          error={errors.people_notified_at?.message}
          {...register('people_notified_at')}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={isSubmitting}>
            Inscrire au registre
          </Button>
        </div>
      </form>
      {breaches.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 font-medium text-red-800">
          Erreur lors de la récupération du registre des violations.
        </p>
      ) : !breaches.data ? (
        <Spinner />
      ) : breaches.data.length === 0 ? (
        <p className="text-slate-700">Aucune violation inscrite.</p>
      ) : (
        <ul className="space-y-3" aria-label="Violations inscrites">
          {breaches.data.map((b) => (
            <li key={b.id} className="space-y-1 rounded-lg bg-white p-4 text-sm break-words shadow-sm ring-1 ring-slate-200">
              <p className="font-semibold text-emerald-950">
                {formatDate(b.occurred_at)} — découverte le {formatDate(b.discovered_at)}
              </p>
              <p className="text-slate-800">{b.description}</p>
              <p>
                <span className="font-semibold">Personnes concernées :</span> {b.people_affected}
                {b.people_count !== null ? ` (${b.people_count})` : ''}
              </p>
              <p>
                <span className="font-semibold">Données :</span> {b.data_categories}
              </p>
              <p>
                <span className="font-semibold">Mesures :</span> {b.measures}
              </p>
              <p>
                <span className="font-semibold">APDP :</span>{' '}
                {b.apdp_notified_at ? `notifiée le ${formatDate(b.apdp_notified_at)}` : 'non notifiée'} ·{' '}
                <span className="font-semibold">Personnes :</span>{' '}
                {b.people_notified_at ? `prévenues le ${formatDate(b.people_notified_at)}` : 'non prévenues'}
              </p>
              {b.recorded_by_name && <p className="text-slate-600">Inscrite par {b.recorded_by_name}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
