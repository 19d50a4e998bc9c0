import type { PaymentListItem } from '@shared/schemas/payment';
import { PAYMENTS_LIST } from './lists';
import { MoneyList } from './money-list';

export type AdminPayment = PaymentListItem;

export function PaymentsView() {
  return (
    <MoneyList<AdminPayment>
      list={PAYMENTS_LIST}
      deletePrompt="Voulez-vous vraiment supprimer ce paiement ? Cette action est irréversible."
      deletedText="Paiement supprimé avec succès."
      deleteErrorText="Erreur lors de la suppression du paiement"
    />
  );
}
