import { LogIn, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { tableColumns } from '@web/components/admin/list-columns';
import { TITLE_CLASSES } from '@web/components/dashboard/table-classes';
import { DataTable } from '@web/components/dashboard/data-table';
import { SendResetCodeButton } from '@web/components/dashboard/send-reset-code-button';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { revealApp } from '@web/lib/prefetched';
import { CREATED_USERS_PER_PAGE, type CreatedUser, useCreatedUsers } from './api/adviser';
import { CREATED_USERS_LIST as LIST } from './created-users-list';

export const CREATED_USERS_LOAD_FAILED = LIST.errorText;

/** "Liste des utilisateurs créés", each with "Se connecter" (docs/product/screens.md); empty, it offers "Ajouter" (issue #18 §5). */
export function CreatedUsersPanel({ onLoginAs, onAdd }: { onLoginAs: (user: CreatedUser) => void; onAdd: () => void }) {
  const [page, setPage] = useState(1);
  const query = useCreatedUsers(page);
  // The first rows painted before React started (app/early-lists) give way to this list once it has rows or an error.
  const isSettled = !query.isPending;
  useEffect(() => {
    if (isSettled) revealApp();
  }, [isSettled]);
  return (
    <section aria-labelledby="created-users-title">
      <h2 id="created-users-title" className={`mb-4 ${TITLE_CLASSES.panel}`}>
        {LIST.title}
      </h2>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
          {CREATED_USERS_LOAD_FAILED}
        </p>
      ) : query.data.items.length === 0 && page === 1 ? (
        <div className="space-y-4 rounded-md bg-white p-6 shadow-sm">
          <p className="text-slate-700">Vous n'avez encore créé aucun utilisateur.</p>
          <Button onClick={onAdd}>
            <UserPlus aria-hidden size={18} />
            Ajouter
          </Button>
        </div>
      ) : (
        <DataTable<CreatedUser>
          caption={LIST.title}
          rows={query.data.items}
          rowKey={(u) => u.id}
          emptyText={LIST.emptyText}
          page={page}
          total={query.data.total}
          perPage={CREATED_USERS_PER_PAGE}
          onPageChange={setPage}
          columns={tableColumns(LIST.columns, {
            action: (u) => (
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  className="px-3 py-1 text-sm"
                  onClick={() => onLoginAs(u)}
                  aria-label={`Se connecter en tant que ${u.name}`}
                >
                  <LogIn aria-hidden size={16} />
                  Se connecter
                </Button>
                <SendResetCodeButton user={u} />
              </div>
            ),
          })}
        />
      )}
    </section>
  );
}
