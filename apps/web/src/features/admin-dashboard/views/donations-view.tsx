import { DONATION_PURPOSE_LABELS, type DonationPurpose } from '@shared/constants';
import type { DonationListItem } from '@shared/schemas/donation';
import { ADMIN_ACTION_ERRORS, ADMIN_EMPTY, ADMIN_FETCH_ERRORS, ADMIN_SUCCESS, ADMIN_TEXT } from '../admin-messages';
import { MoneyList } from '../components/money-list';

export type AdminDonation = DonationListItem;

export function DonationsView() {
  return (
    <MoneyList<AdminDonation>
      path="/donations"
      title="Liste Dons"
      ownColumns={[{ key: 'purpose', header: 'Objet', render: (d) => DONATION_PURPOSE_LABELS[d.purpose as DonationPurpose] ?? d.purpose }]}
      deletePrompt={ADMIN_TEXT.deleteDonationPrompt}
      deletedText={ADMIN_SUCCESS.donationDeleted}
      deleteErrorText={ADMIN_ACTION_ERRORS.deleteDonation}
      emptyText={ADMIN_EMPTY.donations}
      fetchErrorText={ADMIN_FETCH_ERRORS.donations}
      searchPlaceholder="Rechercher par objet, transaction, reçu..."
    />
  );
}
