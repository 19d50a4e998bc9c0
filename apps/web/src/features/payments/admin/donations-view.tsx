import type { DonationListItem } from '@shared/schemas/donation';
import { DONATIONS_LIST } from './lists';
import { MoneyList } from './money-list';

export type AdminDonation = DonationListItem;

export function DonationsView() {
  return (
    <MoneyList<AdminDonation>
      list={DONATIONS_LIST}
      deletePrompt="Voulez-vous vraiment supprimer ce don ? Cette action est irréversible."
      deletedText="Don supprimé avec succès."
      deleteErrorText="Erreur lors de la suppression du don"
    />
  );
}
