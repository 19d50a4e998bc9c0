import type { DonationListItem } from '@shared/schemas/donation';
import { DONATIONS_LIST } from './lists';
import { MoneyList } from './money-list';

export type AdminDonation = DonationListItem;

export function DonationsView() {
  return (
    <MoneyList<AdminDonation>
      list={DONATIONS_LIST}
      deletePrompt="Voulez-vous vraiment annuler ce don ? Il reste enregistré, annulé avec son motif et compensé par une contre-écriture."
      cancelLabel="Annuler le don"
      deletedText="Don annulé."
      deleteErrorText="Erreur lors de l’annulation du don"
    />
  );
}
