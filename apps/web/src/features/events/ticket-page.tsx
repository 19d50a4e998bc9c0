import { cancelQuestion, EVENT_MESSAGES, hasEnded, REGISTRATION_STATUS_LABELS } from '@shared/zod-free/events';
import { formatCotonouDateTime, formatCotonouTime, formatFcfa } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { PageTitle } from '@web/components/ui/page-title';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from '@web/lib/router';
import { cancelTicket, fetchTicket, payTicket } from './api';
import { countOf } from './event-format';
import { QrCode } from './qr-code';
import { rememberTicket } from '@web/lib/ticket-in-payment';

/** /billet/:token: the ticket, its QR code (the signed link itself) and its short code. */
export default function TicketPage() {
  const { token = '' } = useParams();
  const queries = useQueryClient();
  const [busy, setBusy] = useState(false);
  const { data: ticket, isPending, isError } = useQuery({ queryKey: ['ticket', token], queryFn: () => fetchTicket(token) });

  if (isPending) return <Spinner />;
  if (isError || !ticket) {
    return (
      <section className="mx-auto max-w-md px-4 py-10">
        <PageTitle title="Billet introuvable">Billet introuvable</PageTitle>
        <Link to="/evenements" className="underline">
          Voir les événements
        </Link>
      </section>
    );
  }

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : 'Une erreur est survenue. Veuillez réessayer.');
    } finally {
      setBusy(false);
    }
  };
  const cancel = () =>
    run(async () => {
      // A paid ticket: the holder is told the association gives the money back.
      if (!window.confirm(cancelQuestion(ticket.refund_on_cancel))) return;
      notify.success((await cancelTicket(token)).message);
      await queries.invalidateQueries({ queryKey: ['ticket', token] });
    });
  const pay = () =>
    run(async () => {
      const { checkout_url } = await payTicket(token);
      // The payment page links back here once the money is confirmed.
      rememberTicket(`/billet/${token}`);
      window.location.assign(checkout_url);
    });

  // An event already over takes no cancellation nor payment, and its waiting list no longer moves.
  const over = hasEnded(ticket.event, new Date());
  const isActive = !over && (ticket.status === 'confirme' || ticket.status === 'paiement_attendu' || ticket.status === 'liste_attente');
  // A ticket that no longer admits anyone says why, and where to go next.
  const ended =
    ticket.event.status === 'annule'
      ? 'Cet événement est annulé : ce billet n’est plus valable.'
      : ticket.status === 'annule'
        ? 'Cette inscription est annulée : ce billet n’est plus valable.'
        : ticket.status === 'expire'
          ? 'Cette réservation a expiré faute de paiement : ce billet n’est plus valable.'
          : over
            ? EVENT_MESSAGES.ended
            : null;
  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <PageTitle title="Mon billet">Mon billet</PageTitle>
      <article className="flex flex-col items-center gap-3 rounded-lg bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
        <h2 className="text-xl font-bold text-emerald-950">{ticket.event.title}</h2>
        <p>{formatCotonouDateTime(ticket.event.starts_at)}</p>
        <p>{ticket.event.place}</p>
        <p>
          {ticket.name} · {countOf(ticket.seats, 'place')}
          {ticket.amount > 0 ? ` · ${formatFcfa(ticket.amount)}` : ''}
        </p>
        <p className="font-semibold" data-testid="ticket-status">
          {REGISTRATION_STATUS_LABELS[ticket.status]}
        </p>
        {ticket.status === 'confirme' && ticket.event.status !== 'annule' ? (
          <>
            <QrCode value={`${window.location.origin}/billet/${token}`} label="QR code du billet" />
            <p>
              Code du billet :{' '}
              <strong className="font-mono text-2xl tracking-widest" data-testid="ticket-code">
                {ticket.code}
              </strong>
            </p>
            <p className="text-sm text-slate-600">À présenter à l’accueil : le QR code, ou le code si vous n’avez pas de smartphone.</p>
            {ticket.checked_in_at ? <p>Arrivée enregistrée à {formatCotonouTime(ticket.checked_in_at)}.</p> : null}
          </>
        ) : null}
        {ticket.status === 'liste_attente' && ticket.waiting_position && !over ? (
          <p data-testid="waiting-position">
            Vous êtes {ticket.waiting_position === 1 ? '1ʳᵉ' : `${ticket.waiting_position}ᵉ`} sur la liste d’attente. Un SMS vous préviendra
            si une place se libère.
          </p>
        ) : null}
        {ended ? (
          <div
            role="status"
            className="flex flex-col items-center gap-2 rounded-md bg-amber-50 p-3 text-amber-950"
            data-testid="ticket-ended"
          >
            <p className="font-semibold">{ended}</p>
            {/* Not a dead end: the event (to register again while seats remain) and the other events. */}
            {ticket.event.status !== 'annule' ? (
              <Link to={`/evenements/${ticket.event_id}`} className="underline">
                Voir l’événement
              </Link>
            ) : null}
            <Link to="/evenements" className="underline">
              Voir les autres événements
            </Link>
          </div>
        ) : null}
        {ticket.status === 'paiement_attendu' && !over ? (
          <Button onClick={pay} isLoading={busy}>
            Payer {formatFcfa(ticket.amount)}
          </Button>
        ) : null}
        {isActive && ticket.event.status !== 'annule' && !ticket.checked_in_at ? (
          <Button variant="secondary" onClick={cancel} disabled={busy}>
            Annuler mon inscription
          </Button>
        ) : null}
      </article>
    </section>
  );
}
