import { formatCotonouDateTime } from '@shared/format';
import type { OwnTicket } from '@shared/schemas/events';
import { REGISTRATION_STATUS_LABELS } from '@shared/zod-free/events';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@web/components/ui/spinner';
import { api } from '@web/lib/api-client';
import { Link } from '@web/lib/router';

/** « Mes billets » in the member space: the person's event registrations, each with its ticket page; none, nothing shown. */
export function OwnTicketsPanel() {
  const query = useQuery({ queryKey: ['profile', 'tickets'], queryFn: () => api.get<OwnTicket[]>('/profile/tickets') });
  if (query.isSuccess && query.data.length === 0) return null;
  return (
    <section aria-labelledby="own-tickets-title" className="max-w-2xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="own-tickets-title" className="mb-2 text-xl font-bold text-emerald-950">
        Mes billets
      </h2>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p role="alert" className="text-red-800">
          Erreur lors de la récupération de vos billets.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {query.data.map((t) => (
            <li key={t.id} className="flex flex-col gap-1 py-3">
              <span className="font-semibold">{t.event.title}</span>
              <span className="text-sm text-slate-700">
                {formatCotonouDateTime(t.event.starts_at)} — {t.event.place}
              </span>
              <span className="text-sm">
                {REGISTRATION_STATUS_LABELS[t.status]} · {t.seats} {t.seats > 1 ? 'places' : 'place'} · code{' '}
                <span className="font-mono">{t.code}</span>
              </span>
              <Link to={t.ticket_url} className="text-emerald-800 underline">
                Voir le billet
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
