import type { EventItem } from '@shared/schemas/events';
import { PageTitle } from '@web/components/ui/page-title';
import { Spinner } from '@web/components/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, MapPin } from 'lucide-react';
import { Link } from '@web/lib/router';
import { fetchEvents } from './api';
import { priceText, seatsText, whenText } from './event-format';

/** /evenements: the published events, upcoming first. */
export default function EventsPage() {
  const { data, isPending, isError } = useQuery({ queryKey: ['events'], queryFn: fetchEvents });
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <PageTitle title="Événements">Nos événements</PageTitle>
      {isPending ? <Spinner /> : null}
      {isError ? <p role="alert">Impossible de charger les événements. Veuillez réessayer.</p> : null}
      {data && data.length === 0 ? <p>Aucun événement n’est prévu pour le moment.</p> : null}
      <ul className="flex flex-col gap-4">
        {data?.map((event: EventItem) => (
          <li key={event.id} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h2 className="text-xl font-bold text-emerald-950">
              <Link to={`/evenements/${event.id}`} className="hover:underline">
                {event.title}
              </Link>
            </h2>
            <p className="mt-2 flex items-center gap-2 text-slate-700">
              <CalendarDays aria-hidden="true" size={18} /> {whenText(event)}
            </p>
            <p className="flex items-center gap-2 text-slate-700">
              <MapPin aria-hidden="true" size={18} /> {event.place}
            </p>
            <p className="mt-2 font-semibold text-slate-900">
              {priceText(event)} · {seatsText(event)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
