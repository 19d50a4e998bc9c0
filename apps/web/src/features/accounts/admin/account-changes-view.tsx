import { ROLE_LABELS, type Role } from '@shared/constants';
import { formatCotonouShort } from '@shared/format';
import { formatTelephone } from '@shared/phone';
import type { AccountChange } from '@shared/schemas/account-changes';
import type { MessageResponse } from '@shared/schemas/api-common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchError } from '@web/components/admin/admin-texts';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, api } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';

// « Changements en attente » (docs/decisions/policy.md): changes to administrators proposed by one and
// approved or refused by another. The server refuses the proposer's own decision; the buttons say so beforehand.

const KEY = ['admin', 'account-changes'] as const;

const FIELD_LABELS: Record<string, string> = {
  name: 'Nom',
  email: 'E-mail',
  telephone: 'Téléphone',
  role: 'Rôle',
  is_active: 'Compte',
  zone: 'Zone',
};

function describe(key: string, value: unknown): string {
  if (key === 'role') return ROLE_LABELS[value as Role] ?? String(value);
  if (key === 'is_active') return value ? 'réactivé' : 'désactivé';
  if (key === 'telephone' && typeof value === 'string') return formatTelephone(value);
  if (value === null || value === '') return '—';
  return String(value);
}

function ChangeCard({ change, myId }: { change: AccountChange; myId: number | null }) {
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (verb: 'approve' | 'reject') => api.post<MessageResponse>(`/admin/account-changes/${change.id}/${verb}`),
    onSuccess: (body) => {
      notify.success(body.message);
      void queryClient.invalidateQueries({ queryKey: KEY });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
    onError: (e) => notify.error(e instanceof ApiError ? e.message : 'La décision n’a pas été enregistrée. Veuillez réessayer.'),
  });
  const mine = myId !== null && change.proposed_by === myId;
  const who = change.kind === 'create' ? `Nouvel administrateur : ${String(change.changes.name ?? '')}` : (change.user_name ?? 'Compte');
  const fields = Object.entries(change.changes).filter(([key]) => key in FIELD_LABELS && !(change.kind === 'create' && key === 'name'));
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <h3 className="font-semibold text-gray-900">{who}</h3>
      <p className="text-sm text-gray-600">
        Proposé par {change.proposed_by_name ?? 'un administrateur'} le{' '}
        <span className="whitespace-nowrap">{formatCotonouShort(change.proposed_at)}</span>
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {fields.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-gray-600">{FIELD_LABELS[key]}</dt>
            <dd className="break-words font-medium text-gray-900">{describe(key, value)}</dd>
          </div>
        ))}
      </dl>
      {change.status === 'en_attente' ? (
        mine ? (
          <p className="mt-3 text-sm text-gray-700">Vous avez proposé ce changement : un autre administrateur doit l’approuver.</p>
        ) : (
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={() => decide.mutate('approve')} isLoading={decide.isPending} loadingText="Enregistrement…">
              Approuver
            </Button>
            <Button variant="secondary" onClick={() => decide.mutate('reject')} disabled={decide.isPending}>
              Refuser
            </Button>
          </div>
        )
      ) : (
        <p className="mt-3 text-sm font-medium text-gray-700">{change.status === 'approuvee' ? 'Approuvé' : 'Refusé'}</p>
      )}
    </li>
  );
}

export function AccountChangesView({ myId }: { myId: number | null }) {
  const query = useQuery({ queryKey: KEY, queryFn: () => api.get<AccountChange[]>('/admin/account-changes') });
  if (query.isPending) return <Spinner />;
  if (query.isError) return <p role="alert">{fetchError('les changements en attente')}</p>;
  const waiting = query.data.filter((c) => c.status === 'en_attente');
  const decided = query.data.filter((c) => c.status !== 'en_attente').slice(0, 20);
  return (
    <section className="space-y-4">
      <h2 className="text-xl font-bold text-gray-900">Changements en attente</h2>
      <p className="text-sm text-gray-700">
        Créer ou nommer un administrateur, changer le téléphone, l’e-mail ou le rôle d’un autre administrateur, ou le désactiver : un
        administrateur le propose, un autre l’approuve.
      </p>
      {waiting.length === 0 ? (
        <p className="text-gray-700">Aucun changement n’attend d’approbation.</p>
      ) : (
        <ul className="space-y-3">
          {waiting.map((change) => (
            <ChangeCard key={change.id} change={change} myId={myId} />
          ))}
        </ul>
      )}
      {decided.length > 0 ? (
        <>
          <h3 className="pt-4 font-semibold text-gray-900">Derniers changements traités</h3>
          <ul className="space-y-3">
            {decided.map((change) => (
              <ChangeCard key={change.id} change={change} myId={myId} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
