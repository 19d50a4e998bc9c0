import { DONATION_PURPOSE_LABELS, type DonationPurpose } from '@shared/constants';
import { formatDate, formatFcfa } from '@shared/format';
import type { Column } from '@web/components/dashboard/data-table';
import { Button } from '@web/components/ui/button';
import { ADMIN_ACTION_ERRORS, ADMIN_EMPTY, ADMIN_FETCH_ERRORS, ADMIN_SUCCESS, ADMIN_TEXT, transactionStatusLabel } from '../admin-messages';
import { pageFetcher } from '../api/admin-lists';
import { ListPanel } from '../components/list-panel';
import { ReceiptLink } from '../components/receipt-link';
import { useConfirmedDeletion } from '../components/use-confirmed-deletion';
import type { DonationListItem as AdminDonation } from '@shared/schemas/donation';

export type { AdminDonation };

const LIST_KEY = ['admin', 'donations'] as const;
const fetchDonations = pageFetcher<AdminDonation>('/donations');

export function DonationsView() {
  const { askDelete, dialog } = useConfirmedDeletion<AdminDonation>({
    listKey: LIST_KEY,
    path: (d) => `/donations/${d.id}`,
    prompt: ADMIN_TEXT.deleteDonationPrompt,
    successText: ADMIN_SUCCESS.donationDeleted,
    errorText: ADMIN_ACTION_ERRORS.deleteDonation,
  });
  const columns: ReadonlyArray<Column<AdminDonation>> = [
    { key: 'id', header: 'ID', render: (d) => d.id },
    { key: 'amount', header: 'Montant', render: (d) => <span className="whitespace-nowrap">{formatFcfa(d.amount)}</span> },
    { key: 'purpose', header: 'Objet', render: (d) => DONATION_PURPOSE_LABELS[d.purpose as DonationPurpose] ?? d.purpose },
    { key: 'status', header: 'Statut', render: (d) => transactionStatusLabel(d.transaction_status) },
    { key: 'date', header: 'Date', render: (d) => <span className="whitespace-nowrap">{formatDate(d.created_at)}</span> },
    { key: 'receipt', header: 'Reçu', render: (d) => <ReceiptLink url={d.receipt_url} number={d.receipt_number} /> },
    {
      key: 'action',
      header: 'Action',
      render: (d) => (
        <Button variant="danger" onClick={() => askDelete(d)}>
          Supprimer
        </Button>
      ),
    },
  ];
  return (
    <>
      <ListPanel
        title="Liste Dons"
        listKey={LIST_KEY}
        fetchPage={fetchDonations}
        columns={columns}
        rowKey={(d) => d.id}
        emptyText={ADMIN_EMPTY.donations}
        errorText={ADMIN_FETCH_ERRORS.donations}
        searchPlaceholder="Rechercher par objet, transaction, reçu..."
      />
      {dialog}
    </>
  );
}
