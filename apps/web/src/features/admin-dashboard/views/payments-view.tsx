import { PAYMENT_TYPE_LABELS, type PaymentType } from '@shared/constants';
import type { PaymentListItem } from '@shared/schemas/payment';
import { ADMIN_ACTION_ERRORS, ADMIN_EMPTY, ADMIN_FETCH_ERRORS, ADMIN_SUCCESS, ADMIN_TEXT } from '../admin-messages';
import { MoneyList } from '../components/money-list';

export type AdminPayment = PaymentListItem;

export function PaymentsView() {
  return (
    <MoneyList<AdminPayment>
      path="/payments"
      title="Liste des Paiements"
      ownColumns={[
        { key: 'name', header: 'Client', render: (p) => p.name ?? '—' },
        { key: 'type', header: 'Type', render: (p) => PAYMENT_TYPE_LABELS[p.payment_type as PaymentType] ?? p.payment_type },
      ]}
      deletePrompt={ADMIN_TEXT.deletePaymentPrompt}
      deletedText={ADMIN_SUCCESS.paymentDeleted}
      deleteErrorText={ADMIN_ACTION_ERRORS.deletePayment}
      emptyText={ADMIN_EMPTY.payments}
      fetchErrorText={ADMIN_FETCH_ERRORS.payments}
      searchPlaceholder="Rechercher par client, téléphone, transaction..."
    />
  );
}
