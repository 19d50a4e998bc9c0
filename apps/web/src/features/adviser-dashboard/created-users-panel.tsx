import { ROLE_LABELS, type Role } from '@shared/constants';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { DataTable } from '@web/components/dashboard/data-table';
import { SendResetCodeButton } from '@web/components/dashboard/send-reset-code-button';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { CREATED_USERS_PER_PAGE, type CreatedUser, useCreatedUsers } from './api/adviser';

export const CREATED_USERS_LOAD_FAILED = 'Erreur lors de la récupération des utilisateurs';

/** "Liste des utilisateurs crées", each with "Se connecter" (spec §2). */
export function CreatedUsersPanel({ onLoginAs }: { onLoginAs: (user: CreatedUser) => void }) {
  const [page, setPage] = useState(1);
  const query = useCreatedUsers(page);
  return (
    <section aria-labelledby="created-users-title">
      <h2 id="created-users-title" className="mb-4 text-xl font-bold text-emerald-950">
        Liste des utilisateurs crées
      </h2>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
          {CREATED_USERS_LOAD_FAILED}
        </p>
      ) : (
        <DataTable<CreatedUser>
          caption="Liste des utilisateurs crées"
          rows={query.data.items}
          rowKey={(u) => u.id}
          emptyText="Vous n'avez encore créé aucun utilisateur."
          page={page}
          total={query.data.total}
          perPage={CREATED_USERS_PER_PAGE}
          onPageChange={setPage}
          columns={[
            { key: 'name', header: 'Nom', render: (u) => u.name },
            { key: 'telephone', header: 'Téléphone', render: (u) => u.telephone },
            { key: 'role', header: 'Rôle', render: (u) => ROLE_LABELS[u.role as Role] ?? u.role },
            { key: 'zone', header: 'Zone', render: (u) => u.zone ?? '—' },
            { key: 'status', header: 'Statut', render: (u) => (u.is_confirmed ? 'Confirmé' : 'En attente de confirmation') },
            {
              key: 'action',
              header: 'Action',
              render: (u) => (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    className="min-h-9 px-3 py-1 text-sm"
                    onClick={() => onLoginAs(u)}
                    aria-label={`Se connecter en tant que ${u.name}`}
                  >
                    <LogIn aria-hidden size={16} />
                    Se connecter
                  </Button>
                  <SendResetCodeButton user={u} />
                </div>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
