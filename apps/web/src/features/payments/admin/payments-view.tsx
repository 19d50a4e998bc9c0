import type { PaymentListItem } from '@shared/schemas/payment';
import { PAYMENTS_LIST } from './lists';
import { MoneyList } from './money-list';

export type AdminPayment = PaymentListItem;

export function PaymentsView() {
  return (
    <MoneyList<AdminPayment>
      list={PAYMENTS_LIST}
      deletePrompt="Voulez-vous vraiment annuler ce paiement ? Il reste enregistré, annulé avec son motif et compensé par une contre-écriture."
      cancelLabel="Annuler le paiement"
      deletedText="Paiement annulé."
      deleteErrorText="Erreur lors de l’annulation du paiement"
    />
  );
}
