import DonationPage from '@web/features/payments/donation-page';
import { MonthlyGiftForm } from '@web/features/pledges/monthly-gift-form';

/** /donation: the one-time gift, with « Donner chaque mois » leading to a pledge (recurring giving). */
export default function DonationRoute() {
  return <DonationPage recurring={(carried) => <MonthlyGiftForm {...carried} />} />;
}
