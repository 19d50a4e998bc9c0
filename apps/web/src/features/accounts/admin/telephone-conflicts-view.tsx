import { ROLE_LABELS } from '@shared/constants';
import { formatCotonouShort, formatNumber } from '@shared/format';
import { formatTelephone } from '@shared/phone';
import { TELEPHONE_CONFLICT_MESSAGES, type TelephoneConflict } from '@shared/schemas/telephone-conflicts';
import type { ListedUser } from '@shared/schemas/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchError } from '@web/components/admin/admin-texts';
import { TelephoneLink } from '@web/components/admin/telephone-link';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, api, apiPage } from '@web/lib/api-client';
import { notify } from '@web/lib/notify';
import { useState } from 'react';

// « Téléphones en conflit »: what the migration to one telephone form could not decide alone
// (docs/product/accounts.md): accounts answering to one number, or holding no number. Each conflict shows its
// accounts and what to do; a new number is given here (PATCH /api/users/{id}, audited), then the conflict is marked
// resolved (refused by the server while it still holds).

const PATH = '/admin/telephone-conflicts';
const KEY = ['admin', 'telephone-conflicts'] as const;

type Account = TelephoneConflict['accounts'][number];

function NewNumberForm({ account }: { account: Account }) {
  const queryClient = useQueryClient();
  const [telephone, setTelephone] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () => api.patch<ListedUser>(`/users/${account.id}`, { telephone }),
    onSuccess: (user) => {
      notify.success(`Nouveau numéro de ${user.name} : ${formatTelephone(user.telephone)}.`);
      setTelephone('');
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (e) =>
      setError(e instanceof ApiError ? (e.errors.telephone?.[0] ?? e.message) : 'La modification a échoué. Veuillez réessayer.'),
  });
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        save.mutate();
      }}
    >
      <TextField
        label={`Nouveau numéro de ${account.name}`}
        inputMode="tel"
        autoComplete="off"
        value={telephone}
        onChange={(e) => setTelephone(e.target.value)}
        error={error}
        containerClassName="sm:flex-1"
      />
      <Button
        type="submit"
        variant="secondary"
        isLoading={save.isPending}
        loadingText="Enregistrement…"
        aria-label={`Enregistrer le numéro de ${account.name}`}
      >
        Enregistrer
      </Button>
    </form>
  );
}

function ConflictCard({ item }: { item: TelephoneConflict }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const resolve = useMutation({
    mutationFn: () => api.put<TelephoneConflict>(`${PATH}/${item.id}/resolved`),
    onSuccess: () => {
      notify.success(TELEPHONE_CONFLICT_MESSAGES.resolved);
      void queryClient.invalidateQueries({ queryKey: KEY });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'waiting'] });
    },
    onError: (e) => setMessage(e instanceof ApiError ? e.message : TELEPHONE_CONFLICT_MESSAGES.notFound),
  });
  const shared = item.kind === 'telephone_conflict';
  const title = shared
    ? `${formatNumber(item.accounts.length)} comptes avec le numéro ${formatTelephone(item.telephone)}`
    : 'Un compte sans numéro de téléphone valide';
  return (
    <li className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <p className="text-slate-700">
        {shared
          ? 'Tant que ces comptes ont le même numéro, aucun ne peut se connecter avec son téléphone ni recevoir de code par SMS. Donnez à chacun son propre numéro ; si c’est la même personne inscrite deux fois, donnez un autre numéro au compte en double puis désactivez-le (« Modifier » dans la liste des utilisateurs).'
          : 'Ce compte a un téléphone qui n’est pas un numéro : la personne ne peut pas se connecter avec son téléphone ni recevoir de SMS. Saisissez son vrai numéro.'}
      </p>
      <ul className="space-y-3">
        {item.accounts.map((account) => (
          <li key={account.id} className="space-y-2 rounded-md bg-slate-50 p-3">
            <p className="font-semibold text-slate-900">
              {account.name}{' '}
              <span className="font-normal text-slate-600">
                ({(ROLE_LABELS as Record<string, string>)[account.role] ?? account.role}
                {account.is_active ? '' : ', désactivé'})
              </span>
            </p>
            <p className="text-sm text-slate-700">
              Téléphone enregistré : <TelephoneLink telephone={account.telephone} /> · E-mail : {account.email || '—'} · Créé le{' '}
              {formatCotonouShort(account.created_at)}
            </p>
            {item.open ? <NewNumberForm account={account} /> : null}
          </li>
        ))}
      </ul>
      {item.open ? null : (
        <p className="font-medium text-emerald-900">
          Chaque compte a maintenant son propre numéro : vous pouvez marquer ce conflit comme résolu.
        </p>
      )}
      {message ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 font-medium text-red-800">
          {message}
        </p>
      ) : null}
      <Button
        variant={item.open ? 'secondary' : 'primary'}
        isLoading={resolve.isPending}
        loadingText="En cours..."
        onClick={() => {
          setMessage(null);
          resolve.mutate();
        }}
      >
        Marquer comme résolu
      </Button>
    </li>
  );
}

export function TelephoneConflictsView() {
  const list = useQuery({ queryKey: KEY, queryFn: () => apiPage<TelephoneConflict>(PATH, { per_page: 100 }) });
  return (
    <section aria-labelledby="telephone-conflicts-title" className="space-y-4">
      <h2 id="telephone-conflicts-title" className="text-2xl font-bold text-emerald-950">
        Téléphones en conflit
      </h2>
      <p className="text-slate-700">
        Lors du passage de tous les numéros au même format (+229 01…), ces comptes n’ont pas pu être mis à jour sans en confondre deux :
        aucun n’a été deviné.
      </p>
      {list.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 font-medium text-red-800">
          {fetchError('des téléphones en conflit')}
        </p>
      ) : !list.data ? (
        <Spinner />
      ) : list.data.total === 0 ? (
        <p className="rounded-md bg-white p-4 text-slate-700 shadow-sm">Aucun téléphone en conflit.</p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {list.data.items.map((item) => (
            <ConflictCard key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
