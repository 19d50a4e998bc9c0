import { ZONE_PROVIDERS_MESSAGES } from '@shared/schemas/provider';
import { LogOut } from 'lucide-react';
import { ProviderCards } from '@web/components/providers/provider-cards';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useZoneProviders } from './api/adviser';

/** The welcome panel after "Se connecter": the providers of the user's zone, and Déconnexion (docs/product/screens.md, docs/product/states.md, docs/product/errors.md). */
export function ZoneProvidersPanel({
  userId,
  userName,
  consumerToken,
  onDisconnect,
  isDisconnecting,
}: {
  userId: number;
  userName: string;
  consumerToken: string;
  onDisconnect: () => void;
  isDisconnecting?: boolean;
}) {
  const query = useZoneProviders(userId, consumerToken);
  const zone = query.data?.user.zone;
  return (
    <section aria-labelledby="welcome-title" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="welcome-title" className="text-xl font-bold text-emerald-950">
            Bienvenue, {userName}
          </h2>
          <p className="text-slate-700">{zone ? `Prestataires de la commune puis du département : ${zone}` : 'Prestataires de la zone'}</p>
        </div>
        {/* Ends only the session opened for this person; the sidebar's « Déconnexion » signs the adviser out. */}
        <Button variant="secondary" onClick={onDisconnect} isLoading={isDisconnecting} loadingText="Fermeture…">
          <LogOut aria-hidden size={16} />
          Quitter la session de {userName}
        </Button>
      </div>
      {query.isPending ? (
        <Spinner label="Recherche des prestataires…" />
      ) : query.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
          {ZONE_PROVIDERS_MESSAGES.failure}
        </p>
      ) : query.data.providers.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-4 text-slate-800">{ZONE_PROVIDERS_MESSAGES.empty}</p>
      ) : (
        <ProviderCards providers={query.data.providers} label="Prestataires de la zone" />
      )}
    </section>
  );
}
