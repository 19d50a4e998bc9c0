import type { DonationListItem } from '@shared/schemas/donation';
import type { PaymentListItem } from '@shared/schemas/payment';
import { tableColumns } from '@web/components/admin/list-columns';
import type { ListDefinition } from '@web/components/admin/list-definition';
import { ListPanel } from '@web/components/admin/list-panel';
import { listFetcher } from '@web/components/admin/page-fetchers';
import { ReceiptLink } from '@web/components/admin/receipt-link';
import { Button } from '@web/components/ui/button';
import { useMemo } from 'react';
import { useCancelWithReason } from './cancel-with-reason';
import { MoneyOrigin, useCancelledFilter } from './money-origin';

export interface MoneyListProps<T> {
  /** The list (PAYMENTS_LIST or DONATIONS_LIST): its path is also the base of each record's DELETE and of the CSV export. */
  list: ListDefinition<T>;
  deletePrompt: string;
  /** The button's words: a record is cancelled and countered, never deleted (« Annuler le don »). */
  cancelLabel: string;
  deletedText: string;
  deleteErrorText: string;
}

/**
 * Liste des Paiements / Liste Dons: the live or the cancelled records, newest first, with their status, date,
 * origin and receipt, and the cancellation (with a reason) of a live one.
 */
export function MoneyList<T extends PaymentListItem | DonationListItem>({ list, ...text }: MoneyListProps<T>) {
  const { path } = list;
  const listKey = ['admin', path.slice(1)] as const;
  const filter = useCancelledFilter();
  const fetchPage = useMemo(() => listFetcher(list, filter.params), [list, filter.params]);
  const { askDelete, dialog } = useCancelWithReason<T>({
    listKey,
    path: (r) => `${path}/${r.id}`,
    prompt: text.deletePrompt,
    successText: text.deletedText,
    errorText: text.deleteErrorText,
  });
  const columns = tableColumns(list.columns, {
    origin: (r) => <MoneyOrigin row={r} />,
    receipt: (r) => <ReceiptLink url={r.receipt_url} number={r.receipt_number} />,
    action: (r) =>
      r.deleted_at ? null : (
        <Button variant="danger" onClick={() => askDelete(r)}>
          {text.cancelLabel}
        </Button>
      ),
  });
  return (
    <>
      <ListPanel
        title={list.title}
        key={filter.isCancelled ? 'annules' : 'actifs'}
        listKey={[...listKey, filter.isCancelled ? 'annules' : 'actifs']}
        fetchPage={fetchPage}
        toolbar={filter.toolbar}
        exportFrom={{ path, params: filter.params }}
        columns={columns}
        rowKey={(r) => r.id}
        emptyText={list.emptyText}
        errorText={list.errorText}
        searchPlaceholder={list.searchPlaceholder}
      />
      {dialog}
    </>
  );
}
