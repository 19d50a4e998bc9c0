import { formatFcfa, formatDate } from '@shared/format';
import {
  EXPENSE_STATUS_LABELS,
  expenseCategoryWords,
  type Expense,
  type ExpenseStatus,
  overdraftWarning,
  TREASURY_MESSAGES,
} from '@shared/schemas/treasury';
import { SearchTermField, searchTerm } from '@web/components/admin/search-term';
import { type Column, DataTable } from '@web/components/dashboard/data-table';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { ReasonDialog } from '@web/components/ui/reason-dialog';
import { Spinner } from '@web/components/ui/spinner';
import { useProfile } from '@web/components/account/use-profile';
import { api } from '@web/lib/api-client';
import { downloadFile } from '@web/lib/download-file';
import { notify } from '@web/lib/notify';
import { useState } from 'react';
import { csvQuery, useAccounts, useExpenses, useRefreshTreasury } from '../api';
import { ExpenseForm } from './expense-form';
import { errorText, Panel } from './panel';

// Expenses: every expense with its status (so one just recorded shows at once), or those waiting for a second
// administrator when opened from « À traiter »; approve (not one's
// own), cancel with a reason (never deleted), the proof, the CSV of the list.

const FILTERS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'Toutes' },
  { value: 'en_attente', label: 'À approuver' },
  { value: 'approuvee', label: 'Approuvées' },
  { value: 'annulee', label: 'Annulées' },
  // Approved expenses whose cancellation waits for a second administrator (« À traiter » opens it).
  { value: 'annulation_proposee', label: 'Annulation proposée' },
];

export function ExpensesPanel({ initialStatus = '' }: { initialStatus?: string }) {
  const [status, setStatus] = useState(FILTERS.some((f) => f.value === initialStatus) ? initialStatus : '');
  const [typed, setTyped] = useState('');
  // A 1–2 character term is no search yet (the API refuses it): the list stays as it is and the hint says why.
  const { q } = searchTerm(typed);
  const [page, setPage] = useState(1);
  const filters = status === 'annulation_proposee' ? { cancel_proposed: 'oui' as const, q } : { status, q };
  const list = useExpenses(filters, page);
  const refresh = useRefreshTreasury();
  const profile = useProfile();
  const [busy, setBusy] = useState<number | null>(null);

  const [cancelling, setCancelling] = useState<Expense | null>(null);

  const accounts = useAccounts();
  // Approving pays the expense: below zero it is said first (a warning, the API accepts it).
  const [approving, setApproving] = useState<{ expense: Expense; warning: string } | null>(null);
  const askApprove = (expense: Expense) => {
    const warning = overdraftWarning(
      (accounts.data ?? []).find((a) => a.id === expense.account),
      expense.amount,
    );
    if (warning) setApproving({ expense, warning });
    else void approve(expense);
  };
  const approve = async (expense: Expense) => {
    setApproving(null);
    setBusy(expense.id);
    try {
      const res = await api.post<{ message: string }>(`/admin/expenses/${expense.id}/approve`);
      notify.success(res.message);
      refresh();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(null);
    }
  };
  // The reason is asked in a dialog; the server answers 202 when the cancellation is only proposed (an approved
  // expense is cancelled by two), 200 when done.
  const cancel = async (reason: string) => {
    if (!cancelling) return;
    const res = await api.post<{ message: string }>(`/admin/expenses/${cancelling.id}/cancel`, { reason });
    setCancelling(null);
    notify.success(res.message);
    refresh();
  };

  const columns: ReadonlyArray<Column<Expense>> = [
    { key: 'date', header: 'Date', render: (e) => <span className="whitespace-nowrap">{formatDate(e.paid_at)}</span> },
    { key: 'amount', header: 'Montant', render: (e) => <span className="whitespace-nowrap font-semibold">{formatFcfa(e.amount)}</span> },
    {
      key: 'category',
      header: 'Catégorie',
      render: (e) => expenseCategoryWords(e.category, e.purpose),
    },
    { key: 'payee', header: 'Bénéficiaire', render: (e) => e.payee },
    { key: 'account', header: 'Compte', render: (e) => e.account_name },
    {
      key: 'status',
      header: 'Statut',
      render: (e) => (
        <span>
          {EXPENSE_STATUS_LABELS[e.status as ExpenseStatus]}
          {e.cancel_reason ? <span className="block text-sm text-slate-600">Motif : {e.cancel_reason}</span> : null}
          {e.created_by_name ? <span className="block text-sm text-slate-600">Saisie par {e.created_by_name}</span> : null}
          {e.approved_by_name ? <span className="block text-sm text-slate-600">Approuvée par {e.approved_by_name}</span> : null}
          {e.cancel_proposed_by !== null ? (
            <span className="block text-sm font-semibold text-amber-900">
              Annulation proposée par {e.cancel_proposed_by_name ?? 'un administrateur'}
              {e.cancel_proposed_reason ? <span className="block break-words font-normal">Motif : {e.cancel_proposed_reason}</span> : null}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (e) => (
        <div className="flex flex-wrap gap-2">
          {e.proof_url ? (
            <button
              type="button"
              className="min-h-11 px-1 font-medium text-emerald-800 underline"
              onClick={() => downloadFile(e.proof_url!, `justificatif-${e.id}`).catch(() => notify.error('Téléchargement impossible.'))}
            >
              Justificatif
            </button>
          ) : null}
          {e.status === 'en_attente' && e.created_by !== profile.data?.id ? (
            <Button isLoading={busy === e.id} onClick={() => askApprove(e)}>
              Approuver
            </Button>
          ) : null}
          {e.status === 'en_attente' && e.created_by === profile.data?.id ? (
            <span className="text-sm text-slate-600">Un autre administrateur doit l’approuver.</span>
          ) : null}
          {e.status !== 'annulee' && e.cancel_proposed_by !== null && e.cancel_proposed_by === profile.data?.id ? (
            <span className="text-sm text-slate-600">Un autre administrateur doit confirmer l’annulation.</span>
          ) : e.status !== 'annulee' ? (
            <Button variant="danger" disabled={busy === e.id} onClick={() => setCancelling(e)}>
              {e.cancel_proposed_by !== null ? 'Confirmer l’annulation' : 'Annuler'}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <Panel
        title="Dépenses"
        actions={
          <Button
            variant="secondary"
            onClick={() =>
              downloadFile(`/admin/expenses?${new URLSearchParams({ ...csvQuery(filters), format: 'csv' })}`, 'depenses.csv').catch(() =>
                notify.error('Export impossible.'),
              )
            }
          >
            Exporter (CSV)
          </Button>
        }
      >
        <div className="flex flex-wrap items-end gap-2">
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Statut</legend>
            {FILTERS.map((f) => (
              <button
                key={f.value}
                type="button"
                aria-pressed={status === f.value}
                onClick={() => {
                  setStatus(f.value);
                  setPage(1);
                }}
                className={`min-h-11 rounded-md border px-3 py-2 font-medium ${status === f.value ? 'border-emerald-800 bg-emerald-800 text-white' : 'border-slate-400 bg-white text-slate-900'}`}
              >
                {f.label}
              </button>
            ))}
          </fieldset>
          <div>
            <SearchTermField
              label="Rechercher"
              placeholder="Bénéficiaire, description, référence"
              typed={typed}
              onTyped={(next) => {
                setTyped(next);
                setPage(1);
              }}
            />
          </div>
        </div>
        {list.isError ? (
          <p role="alert" className="text-red-800">
            {errorText(list.error)}
          </p>
        ) : !list.data ? (
          <Spinner />
        ) : (
          <DataTable
            caption="Dépenses"
            columns={columns}
            rows={list.data.items}
            rowKey={(e) => e.id}
            emptyText={status === 'en_attente' ? 'Aucune dépense n’attend d’approbation.' : 'Aucune dépense.'}
            page={page}
            total={list.data.total}
            perPage={20}
            onPageChange={setPage}
          />
        )}
      </Panel>
      <ExpenseForm />
      <ConfirmDialog
        isOpen={approving !== null}
        title="Approuver la dépense ?"
        message={approving?.warning ?? ''}
        onCancel={() => setApproving(null)}
        onConfirm={() => approving && approve(approving.expense)}
      />
      <ReasonDialog
        isOpen={cancelling !== null}
        title={cancelling?.cancel_proposed_by ? 'Confirmer l’annulation de la dépense' : 'Annuler la dépense'}
        message={
          cancelling ? (
            <p>
              La dépense de <span className="whitespace-nowrap">{formatFcfa(cancelling.amount)}</span> ({cancelling.payee}) est gardée et
              contre-passée, jamais supprimée.
              {cancelling.status === 'approuvee' && cancelling.cancel_proposed_by === null
                ? ' Approuvée, son annulation sera proposée : un autre administrateur devra la confirmer.'
                : ''}
            </p>
          ) : null
        }
        label="Motif de l’annulation"
        requiredMessage={TREASURY_MESSAGES.reasonRequired}
        confirmLabel={cancelling?.cancel_proposed_by ? 'Confirmer l’annulation' : 'Annuler la dépense'}
        cancelLabel="Ne pas annuler"
        max={300}
        onCancel={() => setCancelling(null)}
        onConfirm={cancel}
      />
    </div>
  );
}
