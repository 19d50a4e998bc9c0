import type { MessageResponse } from '@shared/schemas/api-common';
import { type EventItem, eventInputSchema, hasEnded } from '@shared/schemas/events';
import { formatCotonouDateTime } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { TextAreaField, TextField } from '@web/components/ui/field';
import { ApiError, api } from '@web/lib/api-client';
import { downloadFile } from '@web/lib/download-file';
import { notify } from '@web/lib/notify';
import { useCallback, useEffect, useState } from 'react';
import { Link } from '@web/lib/router';
import { priceText, seatsText } from '../event-format';
import { ReceptionPanel, RegistrationsPanel, ShiftsPanel } from './event-panels';

// The administrator's events: create, publish, cancel, registrations and waiting list, reception volunteers, shifts and hours.

/** A datetime-local value is Cotonou time (UTC+1 all year). */
const cotonouInstant = (local: string) => (local ? `${local.length === 16 ? `${local}:00` : local}+01:00` : '');
const errorText = (error: unknown) => (error instanceof ApiError ? error.message : 'Une erreur est survenue. Veuillez réessayer.');

const EMPTY = {
  title: '',
  description: '',
  starts_at: '',
  ends_at: '',
  place: '',
  capacity: '50',
  price_member: '0',
  price_public: '0',
  closes: '',
};

export function EventsAdminView() {
  const [events, setEvents] = useState<EventItem[] | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const load = useCallback(() => {
    api
      .get<EventItem[]>('/admin/events')
      .then(setEvents)
      .catch((e) => notify.error(errorText(e)));
  }, []);
  useEffect(load, [load]);

  const field = (name: keyof typeof EMPTY) => ({
    value: form[name],
    error: errors[name === 'closes' ? 'registration_closes_at' : name]?.[0],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
  });

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      ...form,
      starts_at: cotonouInstant(form.starts_at),
      ends_at: cotonouInstant(form.ends_at),
      registration_closes_at: form.closes ? cotonouInstant(form.closes) : null,
      published: false,
    };
    const parsed = eventInputSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), [i.message]])));
      return;
    }
    try {
      await api.post('/admin/events', body);
      notify.success('Événement créé (non publié).');
      setForm(EMPTY);
      setErrors({});
      load();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors);
      notify.error(errorText(error));
    }
  };

  const act = (action: () => Promise<unknown>, done: string) => async () => {
    try {
      await action();
      notify.success(done);
      load();
    } catch (error) {
      notify.error(errorText(error));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <h2 className="text-2xl font-bold text-emerald-950">Événements</h2>
      <form
        onSubmit={create}
        noValidate
        className="grid gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2"
        aria-label="Nouvel événement"
      >
        <TextField label="Titre" {...field('title')} />
        <TextField label="Lieu" {...field('place')} />
        <TextAreaField label="Description" rows={3} containerClassName="sm:col-span-2" {...field('description')} />
        <TextField label="Début (heure de Cotonou)" type="datetime-local" {...field('starts_at')} />
        <TextField label="Fin (heure de Cotonou)" type="datetime-local" {...field('ends_at')} />
        <TextField label="Capacité (places)" inputMode="numeric" {...field('capacity')} />
        <TextField label="Clôture des inscriptions (facultatif)" type="datetime-local" {...field('closes')} />
        <TextField label="Prix membres (FCFA, 0 = gratuit)" inputMode="numeric" {...field('price_member')} />
        <TextField label="Prix public (FCFA, 0 = gratuit)" inputMode="numeric" {...field('price_public')} />
        <Button type="submit" className="self-start">
          Créer l'événement
        </Button>
      </form>
      <ul className="flex flex-col gap-3">
        {events?.map((ev) => (
          <EventRow key={ev.id} event={ev} act={act} />
        ))}
      </ul>
    </div>
  );
}

function EventRow({ event, act }: { event: EventItem; act: (a: () => Promise<unknown>, done: string) => () => Promise<void> }) {
  const [shiftsVersion, setShiftsVersion] = useState(0);
  const [shift, setShift] = useState({ label: '', starts_at: '', ends_at: '', slots: '2' });
  const id = event.id;
  // An event already over stays editable (the books) but is no longer cancelled (the API answers 409).
  const over = hasEnded(event, new Date());
  return (
    <li className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <p className="font-bold">
        {event.title} {event.published ? '' : '(non publié)'} {event.status === 'annule' ? '— annulé' : ''}
      </p>
      <p>
        {formatCotonouDateTime(event.starts_at)} · {event.place} · {priceText(event)} · {seatsText(event)} / {event.capacity}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {event.status === 'actif' ? (
          <Button
            variant="secondary"
            onClick={act(
              () => api.post(`/admin/events/${id}/${event.published ? 'unpublish' : 'publish'}`),
              event.published ? 'Événement dépublié.' : 'Événement publié.',
            )}
          >
            {event.published ? 'Dépublier' : 'Publier'}
          </Button>
        ) : null}
        <Link className="inline-flex min-h-11 items-center px-2 underline" to={`/accueil/${id}`}>
          Accueil (check-in)
        </Link>
        <Button
          variant="ghost"
          onClick={() =>
            downloadFile(`/admin/events/${id}/attendance?format=csv`, 'presences.csv').catch((e) => notify.error(errorText(e)))
          }
        >
          Présences (CSV)
        </Button>
        {event.status === 'actif' && !over ? (
          <Button
            variant="danger"
            onClick={() => {
              if (window.confirm('Annuler cet événement ? Chaque inscrit sera prévenu par SMS.')) {
                void act(() => api.post<MessageResponse>(`/admin/events/${id}/cancel`, {}), 'Événement annulé.')();
              }
            }}
          >
            Annuler l'événement
          </Button>
        ) : null}
      </div>
      <details className="mt-2">
        <summary className="min-h-11 cursor-pointer py-2">Inscriptions et liste d’attente</summary>
        <RegistrationsPanel eventId={id} over={over} />
      </details>
      <details className="mt-2">
        <summary className="min-h-11 cursor-pointer py-2">Accueil</summary>
        <ReceptionPanel eventId={id} />
      </details>
      <details className="mt-2">
        <summary className="min-h-11 cursor-pointer py-2">Créneaux de bénévoles et heures</summary>
        <ShiftsPanel eventId={id} version={shiftsVersion} />
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          <TextField label="Créneau" value={shift.label} onChange={(e) => setShift((s) => ({ ...s, label: e.target.value }))} />
          <TextField
            label="Places"
            inputMode="numeric"
            value={shift.slots}
            onChange={(e) => setShift((s) => ({ ...s, slots: e.target.value }))}
          />
          <TextField
            label="Début"
            type="datetime-local"
            value={shift.starts_at}
            onChange={(e) => setShift((s) => ({ ...s, starts_at: e.target.value }))}
          />
          <TextField
            label="Fin"
            type="datetime-local"
            value={shift.ends_at}
            onChange={(e) => setShift((s) => ({ ...s, ends_at: e.target.value }))}
          />
          <Button
            onClick={act(
              () =>
                api
                  .post(`/admin/events/${id}/shifts`, {
                    ...shift,
                    starts_at: cotonouInstant(shift.starts_at),
                    ends_at: cotonouInstant(shift.ends_at),
                  })
                  .then(() => setShiftsVersion((v) => v + 1)),
              'Créneau ajouté.',
            )}
          >
            Ajouter le créneau
          </Button>
        </div>
      </details>
    </li>
  );
}
