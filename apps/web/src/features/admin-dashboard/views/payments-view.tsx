import { PAYMENT_TYPE_LABELS, type PaymentType } from '@shared/constants';
import { formatDate, formatFcfa } from '@shared/format';
import type { Column } from '@web/components/dashboard/data-table';
import { Button } from '@web/components/ui/button';
import { ADMIN_ACTION_ERRORS, ADMIN_EMPTY, ADMIN_FETCH_ERRORS, ADMIN_SUCCESS, ADMIN_TEXT, transactionStatusLabel } from '../admin-messages';
import { pageFetcher } from '../api/admin-lists';
import { ListPanel } from '../components/list-panel';
import { ReceiptLink } from '../components/receipt-link';
import { useConfirmedDeletion } from '../components/use-confirmed-deletion';
import type { PaymentListItem as AdminPayment } from '@shared/schemas/payment';

export type { AdminPayment };

const LIST_KEY = ['admin', 'payments'] as const;
const fetchPayments = pageFetcher<AdminPayment>('/payments');

export function PaymentsView() {
  const { askDelete, dialog } = useConfirmedDeletion<AdminPayment>({
    listKey: LIST_KEY,
    path: (p) => `/payments/${p.id}`,
    prompt: ADMIN_TEXT.deletePaymentPrompt,
    successText: ADMIN_SUCCESS.paymentDeleted,
    errorText: ADMIN_ACTION_ERRORS.deletePayment,
  });
  const columns: ReadonlyArray<Column<AdminPayment>> = [
    { key: 'id', header: 'ID', render: (p) => p.id },
    { key: 'amount', header: 'Montant', render: (p) => <span className="whitespace-nowrap">{formatFcfa(p.amount)}</span> },
    { key: 'name', header: 'Client', render: (p) => p.name ?? '—' },
    { key: 'type', header: 'Type', render: (p) => PAYMENT_TYPE_LABELS[p.payment_type as PaymentType] ?? p.payment_type },
    { key: 'status', header: 'Statut', render: (p) => transactionStatusLabel(p.transaction_status) },
    { key: 'date', header: 'Date', render: (p) => <span className="whitespace-nowrap">{formatDate(p.created_at)}</span> },
    { key: 'receipt', header: 'Reçu', render: (p) => <ReceiptLink url={p.receipt_url} number={p.receipt_number} /> },
    {
      key: 'action',
      header: 'Action',
      render: (p) => (
        <Button variant="danger" onClick={() => askDelete(p)}>
          Supprimer
        </Button>
      ),
    },
  ];
  return (
    <>
      <ListPanel
        title="Liste des Paiements"
        listKey={LIST_KEY}
        fetchPage={fetchPayments}
        columns={columns}
        rowKey={(p) => p.id}
        emptyText={ADMIN_EMPTY.payments}
        errorText={ADMIN_FETCH_ERRORS.payments}
        searchPlaceholder="Rechercher par client, téléphone, transaction..."
      />
      {dialog}
    </>
  );
}
