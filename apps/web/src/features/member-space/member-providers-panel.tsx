import { ZONE_PROVIDERS_MESSAGES, type ZoneProvider } from '@shared/schemas/provider';
import { useQuery } from '@tanstack/react-query';
import { ProviderCards } from '@web/components/providers/provider-cards';
import { Spinner } from '@web/components/ui/spinner';
import { api } from '@web/lib/api-client';

/**
 * A membre, like a consommateur, sees the providers of its commune (then of its department) with their discounts
 * (contract « Phone-only people, round three »).
 */
export function MemberProvidersPanel({ zone }: { zone: string | null }) {
  const providers = useQuery({
    queryKey: ['member', 'providers', zone],
    queryFn: () => api.get<ZoneProvider[]>('/recupprestataires', { query: { zone: zone!, per_page: 50 } }),
    enabled: zone !== null,
  });
  return (
    <section aria-labelledby="member-providers-title" className="max-w-2xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="member-providers-title" className="mb-1 text-xl font-bold text-emerald-950">
        Les prestataires près de chez vous
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        {zone
          ? `Ceux de votre commune d’abord (${zone}), puis ceux de votre département, avec leurs réductions.`
          : 'Renseignez votre zone dans votre profil pour voir les prestataires et leurs réductions.'}
      </p>
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
