import { zodResolver } from '@hookform/resolvers/zod';
import { type RegistrationInput, registrationClosedReason, registrationInputSchema } from '@shared/schemas/events';
import type { z } from '@shared/zod-fr';
import { FormCard, SendButton } from '@web/components/forms/form-card';
import { ChannelChoice } from '@web/components/forms/channel-choice';
import { TelephoneField } from '@web/components/forms/telephone-field';
import { SelectField, TextField } from '@web/components/ui/field';
import { PageTitle } from '@web/components/ui/page-title';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { applyServerErrors } from '@web/lib/apply-server-errors';
import { notify } from '@web/lib/notify';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, MapPin } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from '@web/lib/router';
import { fetchEvent, registerToEvent } from './api';
import { rememberTicket } from '@web/lib/ticket-in-payment';
import { priceText, seatsText, whenText } from './event-format';

type Values = z.output<typeof registrationInputSchema>;
const SEAT_OPTIONS = [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: String(n) }));

/** /evenements/:id: the event and its registration form. */
export default function EventPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: event, isPending, isError } = useQuery({ queryKey: ['event', id], queryFn: () => fetchEvent(id) });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationInput, unknown, Values>({
    resolver: zodResolver(registrationInputSchema),
    mode: 'onTouched',
    defaultValues: { seats: 1, channel: 'sms' },
  });

  if (isPending) return <Spinner />;
  if (isError || !event) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-10">
        <PageTitle title="Événement introuvable">Événement introuvable</PageTitle>
        <Link to="/evenements" className="underline">
          Voir tous les événements
        </Link>
      </section>
    );
  }

  const onValid = async (values: Values) => {
    try {
      const result = await registerToEvent(event.id, values);
      if (result.checkout_url) {
        rememberTicket(result.ticket_url ?? null);
        window.location.assign(result.checkout_url);
        return;
      }
      notify.success(result.status === 'liste_attente' ? 'Vous êtes sur la liste d’attente.' : 'Inscription confirmée !');
      if (result.ticket_url) navigate(result.ticket_url);
    } catch (error) {
      if (error instanceof ApiError && applyServerErrors(error, setError)) return;
      notify.error(error instanceof ApiError ? error.message : "Erreur lors de l'inscription.");
    }
  };

  // Cancelled, over or closed: the same sentence the API answers, and no form that it would refuse.
  const closed = registrationClosedReason(event, new Date());
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <PageTitle title={event.title}>{event.title}</PageTitle>
      <p className="flex items-center gap-2 text-slate-800">
        <CalendarDays aria-hidden="true" size={18} /> {whenText(event)}
      </p>
      <p className="flex items-center gap-2 text-slate-800">
        <MapPin aria-hidden="true" size={18} /> {event.place}
      </p>
      <p className="mt-2 font-semibold">
        {priceText(event)} · <span data-testid="seats-left">{seatsText(event)}</span>
      </p>
      <p className="mt-4 whitespace-pre-line text-slate-800">{event.description}</p>
      {!closed ? (
        <FormCard className="mt-8" onSubmit={handleSubmit(onValid)} aria-label="Inscription à l'événement">
          <h2 className="text-xl font-bold text-emerald-950">S'inscrire</h2>
          <TextField label="Nom" autoComplete="name" error={errors.name?.message} {...register('name')} />
          <TelephoneField error={errors.telephone?.message} {...register('telephone')} />
          <ChannelChoice registration={register('channel')} error={errors.channel?.message} />
          <TextField label="Email (facultatif)" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <SelectField label="Nombre de places" options={SEAT_OPTIONS} error={errors.seats?.message} {...register('seats')} />
          <p className="text-sm text-slate-600">Votre billet vous sera envoyé par SMS ou WhatsApp, selon votre choix.</p>
          <SendButton isLoading={isSubmitting}>S'inscrire</SendButton>
        </FormCard>
      ) : (
        <p className="mt-8 font-semibold" role="status" data-testid="event-closed">
          {closed}
        </p>
      )}
    </section>
  );
}
