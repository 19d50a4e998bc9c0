import { ZONE_PROVIDERS_MESSAGES, type ZoneProvider } from '@shared/schemas/provider';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@web/components/ui/spinner';
import { api } from '@web/lib/api-client';
import { ProviderCards } from './provider-cards';

/**
 * « Les prestataires près de chez vous »: the providers of the person's commune, then of its department, with their
 * discounts, as a consommateur (/consommateur) and a membre (member space) see them; none is asked for while the zone
 * is unknown. `intro` is what the caller says under the title, `queryScope` the first part of the query's key.
 */
export function ZoneProviders({
  zone,
  queryScope,
  titleId,
  className,
  intro,
}: {
  zone: string | null;
  queryScope: string;
  titleId: string;
  className: string;
  intro: string;
}) {
  const providers = useQuery({
    queryKey: [queryScope, 'providers', zone],
    queryFn: () => api.get<ZoneProvider[]>('/recupprestataires', { query: { zone: zone!, per_page: 50 } }),
    enabled: zone !== null,
  });
  return (
    <section aria-labelledby={titleId} className={className}>
      <h2 id={titleId} className="mb-1 text-xl font-bold text-emerald-950">
        Les prestataires près de chez vous
      </h2>
      <p className="mb-3 text-sm text-slate-700">{intro}</p>
      {zone === null ? null : providers.isPending ? (
        <Spinner label="Recherche des prestataires…" />
      ) : providers.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
          {ZONE_PROVIDERS_MESSAGES.failure}
        </p>
      ) : providers.data.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-4 text-slate-800">{ZONE_PROVIDERS_MESSAGES.empty}</p>
      ) : (
        <ProviderCards providers={providers.data} label="Prestataires près de chez vous" />
      )}
    </section>
  );
}
