import { ZONE_PROVIDERS_MESSAGES } from '@shared/schemas/provider';
import { LogOut } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useZoneProviders } from './api/adviser';

/** The welcome panel after "Se connecter": the providers of the user's zone, and Déconnexion (spec §2, §4, §8). */
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
          <p className="text-slate-700">{zone ? `Prestataires de la zone : ${zone}` : 'Prestataires de la zone'}</p>
        </div>
        <Button variant="secondary" onClick={onDisconnect} isLoading={isDisconnecting} loadingText="Déconnexion...">
          <LogOut aria-hidden size={16} />
          Déconnexion
        </Button>
      </div>
      {query.isPending ? (
        <Spinner label="Recherche des prestataires..." />
      ) : query.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
          {ZONE_PROVIDERS_MESSAGES.failure}
        </p>
      ) : query.data.providers.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-4 text-slate-800">{ZONE_PROVIDERS_MESSAGES.empty}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Prestataires de la zone">
          {query.data.providers.map((p) => (
            <li key={p.id} className="rounded-lg p-4 ring-1 ring-slate-200">
              <h3 className="font-semibold text-slate-900">{p.entreprise}</h3>
              <p className="text-sm text-slate-700">
                <span className="font-medium">Domaines : </span>
                {p.domaines.map((d) => (p.reductions[d] ? `${d} (−${p.reductions[d]} %)` : d)).join(', ')}
              </p>
              <p className="text-sm text-slate-700">
                <span className="font-medium">Zone : </span>
                {p.zone}
              </p>
              <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
                <a className="text-emerald-800 underline" href={`tel:${p.telephone}`}>
                  {p.telephone}
                </a>
                <a className="text-emerald-800 underline" href={`mailto:${p.email}`}>
                  {p.email}
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
