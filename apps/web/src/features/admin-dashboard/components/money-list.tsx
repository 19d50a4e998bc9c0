import { formatDate, formatFcfa } from '@shared/format';
import type { DonationListItem } from '@shared/schemas/donation';
import type { PaymentListItem } from '@shared/schemas/payment';
import type { Column } from '@web/components/dashboard/data-table';
import { Button } from '@web/components/ui/button';
import { useMemo } from 'react';
import { transactionStatusLabel } from '../admin-messages';
import { pageFetcher } from '../api/admin-lists';
import { useCancelWithReason } from './cancel-with-reason';
import { ListPanel } from './list-panel';
import { MoneyOrigin, useCancelledFilter } from './money-origin';
import { ReceiptLink } from './receipt-link';

export interface MoneyListProps<T> {
  /** The API list, also the base of each record's DELETE and of the CSV export: /payments or /donations. */
  path: '/payments' | '/donations';
  title: string;
  /** The list's own columns, between the amount and the status. */
  ownColumns: ReadonlyArray<Column<T>>;
  deletePrompt: string;
  deletedText: string;
  deleteErrorText: string;
  emptyText: string;
  fetchErrorText: string;
  searchPlaceholder: string;
}

/**
 * Liste des Paiements / Liste Dons: the live or the cancelled records, newest first, with their status, date,
 * origin and receipt, and the cancellation (with a reason) of a live one.
 */
export function MoneyList<T extends PaymentListItem | DonationListItem>({ path, ownColumns, ...text }: MoneyListProps<T>) {
  const listKey = ['admin', path.slice(1)] as const;
  const filter = useCancelledFilter();
  const fetchPage = useMemo(() => pageFetcher<T>(path, filter.params), [path, filter.params]);
  const { askDelete, dialog } = useCancelWithReason<T>({
    listKey,
    path: (r) => `${path}/${r.id}`,
    prompt: text.deletePrompt,
    successText: text.deletedText,
    errorText: text.deleteErrorText,
  });
  const columns: ReadonlyArray<Column<T>> = [
    { key: 'id', header: 'ID', render: (r) => r.id },
    { key: 'amount', header: 'Montant', render: (r) => <span className="whitespace-nowrap">{formatFcfa(r.amount)}</span> },
    ...ownColumns,
    { key: 'status', header: 'Statut', render: (r) => transactionStatusLabel(r.transaction_status) },
    { key: 'date', header: 'Date', render: (r) => <span className="whitespace-nowrap">{formatDate(r.created_at)}</span> },
    { key: 'origin', header: 'Origine', render: (r) => <MoneyOrigin row={r} /> },
    { key: 'receipt', header: 'Reçu', render: (r) => <ReceiptLink url={r.receipt_url} number={r.receipt_number} /> },
    {
      key: 'action',
      header: 'Action',
      render: (r) =>
        r.deleted_at ? null : (
          <Button variant="danger" onClick={() => askDelete(r)}>
            Supprimer
          </Button>
        ),
    },
  ];
  return (
    <>
      <ListPanel
        title={text.title}
        key={filter.isCancelled ? 'annules' : 'actifs'}
        listKey={[...listKey, filter.isCancelled ? 'annules' : 'actifs']}
        fetchPage={fetchPage}
        toolbar={filter.toolbar}
        exportFrom={{ path, params: filter.params }}
        columns={columns}
        rowKey={(r) => r.id}
        emptyText={text.emptyText}
        errorText={text.fetchErrorText}
        searchPlaceholder={text.searchPlaceholder}
      />
      {dialog}
    </>
  );
}
