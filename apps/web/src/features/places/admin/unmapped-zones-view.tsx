import { ROLE_LABELS } from '@shared/constants';
import { formatNumber } from '@shared/format';
import { UNMAPPED_ZONE_MESSAGES, type UnmappedZone } from '@shared/schemas/places';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchError } from '@web/components/admin/admin-texts';
import { TelephoneLink } from '@web/components/admin/telephone-link';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { ZoneField } from '@web/components/ui/zone-field';
import { ApiError, api, apiPage } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { useState } from 'react';

// « Zones à choisir »: the zones typed before Benin's reference list that its migration could not map
// (docs/product/places.md). Each is shown with whose it is; the administrator chooses the right zone from the list.

const PATH = '/admin/zones-unmapped';
const KEY = ['admin', 'zones-unmapped'] as const;
const PAGE = 100;

const keyOf = (z: UnmappedZone) => `${z.table_name}-${z.row_id}`;

function UnmappedZoneCard({ item }: { item: UnmappedZone }) {
  const queryClient = useQueryClient();
  const [zone, setZone] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () => api.put<{ zone: string }>(`${PATH}/${item.table_name}/${item.row_id}`, { zone }),
    onSuccess: (body) => {
      notify.success(`${UNMAPPED_ZONE_MESSAGES.fixed} ${item.name} : ${body.zone}.`);
      void queryClient.invalidateQueries({ queryKey: KEY });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'waiting'] });
    },
    onError: (e) => setError(e instanceof ApiError ? (e.errors.zone?.[0] ?? e.message) : UNMAPPED_ZONE_MESSAGES.notFound),
  });
  const whose = item.table_name === 'providers' ? 'Prestataire' : ((ROLE_LABELS as Record<string, string>)[item.role ?? ''] ?? 'Compte');
  return (
    <li className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div>
        <p className="font-semibold text-slate-900">
          {item.name} <span className="font-normal text-slate-600">({whose})</span>
        </p>
        <p className="text-slate-700">
          Zone saisie : <strong>« {item.zone} »</strong>
        </p>
        <p className="text-sm text-slate-600">
          Téléphone : <TelephoneLink telephone={item.telephone} />
        </p>
      </div>
      <form
        className="space-y-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setError(undefined);
          save.mutate();
        }}
      >
        <ZoneField label={`Zone de ${item.name}`} name={`zone-${keyOf(item)}`} value={zone} onChange={setZone} error={error} required />
        <Button type="submit" isLoading={save.isPending} loadingText="Enregistrement…" aria-label={`Enregistrer la zone de ${item.name}`}>
          Enregistrer la zone
        </Button>
      </form>
    </li>
  );
}

export function UnmappedZonesView() {
  const list = useQuery({ queryKey: KEY, queryFn: () => apiPage<UnmappedZone>(PATH, { per_page: PAGE }) });
  return (
    <section aria-labelledby="unmapped-zones-title" className="space-y-4">
      <h2 id="unmapped-zones-title" className="text-2xl font-bold text-emerald-950">
        Zones à choisir dans la liste
      </h2>
      <p className="text-slate-700">
        Ces zones ont été saisies avant la liste des communes du Bénin et n’ont pas pu y être rattachées sans deviner. Tant qu’une zone
        n’est pas choisie, la personne ne voit pas les prestataires de sa commune. Choisissez la bonne commune (et, si vous le savez,
        l’arrondissement) pour chacune.
      </p>
      {list.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 font-medium text-red-800">
          {fetchError('des zones à choisir')}
        </p>
      ) : !list.data ? (
        <Spinner />
      ) : list.data.total === 0 ? (
        <p className="rounded-md bg-white p-4 text-slate-700 shadow-sm">Aucune zone à choisir : toutes les zones sont dans la liste.</p>
      ) : (
        <>
          <p className="font-semibold text-slate-800">
            {list.data.total > 1 ? `${formatNumber(list.data.total)} zones à choisir` : '1 zone à choisir'}
            {list.data.total > list.data.items.length ? ` (les ${formatNumber(list.data.items.length)} premières ci-dessous)` : ''}
          </p>
          <ul className="grid gap-3 lg:grid-cols-2">
            {list.data.items.map((item) => (
              <UnmappedZoneCard key={keyOf(item)} item={item} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
