import { DONATION_PURPOSE_LABELS, type DonationPurpose, PAYMENT_TYPE_LABELS, type PaymentType } from '@shared/constants';
import { EXPENSE_CATEGORY_LABELS, type ExpenseCategory, TREASURY_MESSAGES } from '@shared/schemas/treasury';
import { clock } from '../../platform/lib/clock';
import { fieldError } from '../../platform/lib/http-errors';
import { lockBooks, noteUnpostedIncome, postMovement } from '../books';
import {
  addTransparency,
  type Exec,
  type ExpenseRow,
  findAccountRow,
  findIncomeSource,
  firstAccountOfKind,
  insertMovement,
  type MovementRow,
  type NewMovement,
  originalMovement,
  readSetting,
  saveIncomeSource,
} from './data';

// The ledger's rules: every movement goes through `recordMovement`, which keeps the account's balance and the
// totals; a refund or a cancellation is a counter-entry (the opposite amount, pointing at what it reverses).

/** The calendar day in Cotonou (UTC+1, no daylight saving) of an instant. */
export const cotonouDay = (iso: string | Date): string =>
  new Date((typeof iso === 'string' ? Date.parse(iso) : iso.getTime()) + 3600_000).toISOString().slice(0, 10);
export const todayInCotonou = () => cotonouDay(clock.now());

export const FEDAPAY_ACCOUNT_SETTING = 'fedapay_account';

/** The key under which the annual statements add a movement up. */
export function flowOf(m: Pick<NewMovement, 'kind' | 'nature' | 'category' | 'purpose'>): string {
  switch (m.kind) {
    case 'recette':
      return m.nature === 'don' ? `recette:don:${m.purpose ?? 'autres'}` : `recette:${m.nature ?? 'autre'}`;
    case 'depense':
      return `depense:${m.category ?? 'autres'}`;
    case 'frais':
      return 'depense:frais_financiers';
    default:
      return m.kind;
  }
}

/**
 * Records a movement and posts its entry in the books, in the caller's transaction. The books' head is taken first,
 * before any account row: every money transaction then locks in one order (on PostgreSQL, two transfers in opposite
 * directions deadlocked on the two accounts' rows).
 */
export async function recordMovement(db: Exec, movement: NewMovement): Promise<MovementRow> {
  await lockBooks(db);
  const row = await insertMovement(db, movement, flowOf(movement));
  await postMovement(db, row);
  return row;
}

/** The counter-entry of a movement: same account and kind, opposite amount, dated `day`. */
export async function reverseMovement(
  db: Exec,
  original: MovementRow,
  day: string,
  label: string,
  by: number | null,
): Promise<MovementRow> {
  return recordMovement(db, {
    account_id: original.account_id,
    day,
    amount: -Number(original.amount),
    kind: original.kind,
    nature: original.nature,
    category: original.category,
    purpose: original.purpose,
    label,
    reference: original.reference,
    source_type: original.source_type,
    source_id: original.source_id,
    reverses_id: original.id,
    created_by: by,
  });
}

// ---------------------------------------------------------------- money received (donations and payments)

/** What the treasury needs of a donation or payment record. */
export interface IncomeRecord {
  id: number;
  amount: number;
  transaction_status: string;
  deleted_at: string | null;
  paid_at: string | null;
  receipt_number: string | null;
  source?: string | null;
  method?: string | null;
  reference?: string | null;
  purpose?: string;
  payment_type?: string;
}

const METHOD_ACCOUNT_KIND: Record<string, string> = {
  especes: 'caisse',
  mobile_money: 'mobile_money',
  virement: 'banque',
  cheque: 'banque',
};

/** Where money lands: the account named, else cash by its method, online receipts in the configured mobile-money account. */
async function landingAccount(db: Exec, record: IncomeRecord, named?: number): Promise<number | null> {
  if (named !== undefined) {
    const account = await findAccountRow(db, named);
    if (!account) throw fieldError('account', TREASURY_MESSAGES.accountUnknown);
    return account.id;
  }
  if (record.source === 'offline') {
    const kind = METHOD_ACCOUNT_KIND[record.method ?? 'especes'] ?? 'caisse';
    return (await firstAccountOfKind(db, kind))?.id ?? null;
  }
  const configured = Number(await readSetting(db, FEDAPAY_ACCOUNT_SETTING));
  if (configured > 0 && (await findAccountRow(db, configured))) return configured;
  return (await firstAccountOfKind(db, 'mobile_money'))?.id ?? null;
}

const PAID = new Set(['approved', 'transferred']);

function incomeLabel(kind: 'donation' | 'payment', record: IncomeRecord): string {
  const what =
    kind === 'donation'
      ? `Don — ${DONATION_PURPOSE_LABELS[record.purpose as DonationPurpose] ?? record.purpose}`
      : (PAYMENT_TYPE_LABELS[record.payment_type as PaymentType] ?? 'Paiement');
  return record.receipt_number ? `${what} (reçu ${record.receipt_number})` : what;
}

/**
 * Brings the treasury in line with a donation or payment record, inside the caller's transaction: money that now
 * counts as received lands in its account (and on the public page for a gift); money that counted and no longer
 * does (refunded, cancelled) leaves again as a counter-entry. Idempotent: calling it twice changes nothing.
 */
export async function recordIncomeMovement(
  db: Exec,
  kind: 'donation' | 'payment',
  record: IncomeRecord,
  options: { accountId?: number; actorId?: number | null } = {},
): Promise<void> {
  const counts = PAID.has(record.transaction_status) && !record.deleted_at;
  const known = await findIncomeSource(db, kind, record.id);
  if (counts && !known?.counted) {
    const day = cotonouDay(record.paid_at ?? clock.now().toISOString());
    const accountId = known?.account_id ?? (await landingAccount(db, record, options.accountId));
    const purpose = kind === 'donation' ? (record.purpose ?? 'autres') : null;
    if (accountId !== null) {
      await recordMovement(db, {
        account_id: accountId,
        day,
        amount: record.amount,
        kind: 'recette',
        nature: kind === 'donation' ? 'don' : (record.payment_type ?? 'autre'),
        category: null,
        purpose,
        label: incomeLabel(kind, record),
        reference: record.reference ?? record.receipt_number,
        source_type: kind,
        source_id: record.id,
        reverses_id: null,
        created_by: options.actorId ?? null,
      });
    } else await noteUnpostedIncome(db, kind, record.id, record.amount, day);
    const month = day.slice(0, 7);
    await saveIncomeSource(db, {
      source_type: kind,
      source_id: record.id,
      account_id: accountId,
      amount: record.amount,
      month,
      purpose,
      counted: 1,
    });
    if (kind === 'donation') await addTransparency(db, month, `raised:${purpose}`, record.amount, 1);
    return;
  }
  if (!counts && known?.counted) {
    const original = known.account_id === null ? undefined : await originalMovement(db, kind, record.id);
    if (original) {
      const why = record.transaction_status === 'refunded' ? 'Remboursement' : 'Annulation';
      await reverseMovement(db, original, todayInCotonou(), `${why} — ${original.label}`, options.actorId ?? null);
    }
    await saveIncomeSource(db, { ...known, counted: 0 });
    if (kind === 'donation') await addTransparency(db, known.month, `raised:${known.purpose}`, -Number(known.amount), -1);
  }
}

// ---------------------------------------------------------------- expenses

const expenseFlow = (e: Pick<ExpenseRow, 'category' | 'purpose'>) => `spent:${e.category}:${e.purpose ?? '-'}`;

/** An approved expense leaves its account and counts on the public page. */
export async function bookExpense(db: Exec, expense: ExpenseRow, by: number | null): Promise<MovementRow> {
  const label = `${EXPENSE_CATEGORY_LABELS[expense.category as ExpenseCategory] ?? expense.category} — ${expense.payee}`;
  const movement = await recordMovement(db, {
    account_id: expense.account_id,
    day: expense.paid_at,
    amount: -Number(expense.amount),
    kind: 'depense',
    nature: null,
    category: expense.category,
    purpose: expense.purpose,
    label,
    reference: expense.reference,
    source_type: 'expense',
    source_id: expense.id,
    reverses_id: null,
    created_by: by,
  });
  await addTransparency(db, expense.paid_at.slice(0, 7), expenseFlow(expense), Number(expense.amount), 1);
  return movement;
}

/** A cancelled approved expense: its counter-entry, and it leaves the public page. */
export async function unbookExpense(db: Exec, expense: ExpenseRow, by: number): Promise<void> {
  const original = await originalMovement(db, 'expense', expense.id);
  if (original) await reverseMovement(db, original, todayInCotonou(), `Annulation — ${original.label}`, by);
  await addTransparency(db, expense.paid_at.slice(0, 7), expenseFlow(expense), -Number(expense.amount), -1);
}
