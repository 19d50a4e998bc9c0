import { DONATION_PURPOSE_LABELS, type DonationPurpose } from '@shared/constants';
import {
  monthlyAmount,
  PLEDGE_FREQUENCY_LABELS,
  PLEDGE_STATUS_LABELS,
  type PledgeFrequency,
  type PledgeStatus,
} from '@shared/schemas/pledges';
import type { DB } from '../../platform/database/database';
import type { CsvExport } from '../../platform/exports/csv-export';
import type { SeekPageQuery } from '../../platform/lib/pagination';
import { monthlyTotal, type PledgeRow, pageOfPledges, pledgesWithCollected } from './data';
import { pledgeViews } from './service';

// The administrator's view of pledges: the list with payments, its CSV, and committed versus collected.

export async function listPledges(db: DB, receiptSecret: string, query: SeekPageQuery & { status?: string }) {
  const [{ rows, total, next }, monthly] = await Promise.all([pageOfPledges(db, query.status, query), monthlyTotal(db, query.status)]);
  const views = await pledgeViews(db, receiptSecret, rows);
  const items = views.map((view, i) => ({ ...view, telephone: rows[i]!.telephone, email: rows[i]!.email, user_id: rows[i]!.user_id }));
  return { items, total, next, monthly };
}

type CsvRow = PledgeRow & { collected: number | string | null };

export function pledgesCsv(db: DB, status?: string): CsvExport<CsvRow> {
  return {
    filename: 'engagements',
    query: pledgesWithCollected(db, status) as never,
    columns: [
      { header: 'Identifiant', value: (r) => r.id },
      { header: 'Donateur', value: (r) => r.name },
      { header: 'Téléphone', value: (r) => r.telephone },
      { header: 'E-mail', value: (r) => r.email },
      { header: 'Cause', value: (r) => DONATION_PURPOSE_LABELS[r.purpose as DonationPurpose] ?? r.purpose },
      { header: 'Montant (FCFA)', value: (r) => r.amount },
      { header: 'Fréquence', value: (r) => PLEDGE_FREQUENCY_LABELS[r.frequency as PledgeFrequency] ?? r.frequency },
      { header: 'Montant mensuel (FCFA)', value: (r) => monthlyAmount(r.amount, r.frequency as PledgeFrequency) },
      { header: 'Statut', value: (r) => PLEDGE_STATUS_LABELS[r.status as PledgeStatus] ?? r.status },
      { header: 'Prochaine échéance', value: (r) => (r.status === 'active' ? r.next_due : '') },
      { header: 'Versé (FCFA)', value: (r) => Number(r.collected ?? 0) },
      { header: 'Créé le', value: (r) => r.created_at },
    ],
  };
}
