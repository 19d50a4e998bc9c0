import { BOOK_ACCOUNTS, EXPENSE_CATEGORY_ACCOUNTS, SYCEBNL_CHART } from '@shared/books/chart';
import { EVENT_PAYMENT_TYPE } from '@shared/constants';
import { formatFcfa } from '@shared/format';
import { BOOKS_MESSAGES } from '@shared/schemas/books';
import { ACCOUNT_KIND_LABELS, type AccountKind } from '@shared/schemas/treasury';
import { fieldError } from '../../platform/lib/http-errors';
import { CURRENT_HASH_VERSION, entryHash } from './chain';
import {
  closedYears,
  insertUnmapped,
  type EntryRow,
  entryBySource,
  type Exec,
  findOwnAccount,
  insertEntryRows,
  insertOwnAccount,
  type NewLine,
  nextEntryNumber,
  ownAccountsUnder,
  setChainHead,
  setLedgerAccount,
  takeChainHead,
  treasuryAccount,
  yearDebitTotal,
} from './data';

// Posting: every entry goes through `postEntry`, which numbers it in its year, validates it, chains its hash and
// keeps the totals, inside the caller's transaction. Money movements post through `postMovement`, called by the
// treasury's `recordMovement` in the transaction that records the movement, so an entry exists exactly when its
// movement does, once (a unique source key refuses a second one).

export interface NewEntry {
  day: string;
  journal: string;
  label: string;
  reference?: string | null;
  source_type: string;
  source_id: string | null;
  reverses_id?: number | null;
  carried?: number;
  created_by?: number | null;
  lines: NewLine[];
}

const now = () => new Date().toISOString();

export async function postEntry(db: Exec, entry: NewEntry): Promise<EntryRow> {
  const year = Number(entry.day.slice(0, 4));
  const previous = await takeChainHead(db);
  const number = `${year}-${String(await nextEntryNumber(db, year)).padStart(6, '0')}`;
  const validated_at = now();
  const lines = entry.lines.map((l) => ({ account: l.account, debit: Number(l.debit), credit: Number(l.credit), cause: l.cause ?? null }));
  // The year's totals (trial balance, statements) are added in JavaScript numbers: past 2^53 they would round.
  const added = Math.max(
    lines.reduce((t, l) => t + l.debit, 0),
    lines.reduce((t, l) => t + l.credit, 0),
  );
  if (added + (await yearDebitTotal(db, year)) > Number.MAX_SAFE_INTEGER)
    throw fieldError('lines', BOOKS_MESSAGES.amountTooLarge, BOOKS_MESSAGES.amountTooLarge);
  const reference = entry.reference ?? null;
  const label = entry.label.slice(0, 200);
  // What the hash covers (docs/books.md) is also what the row stores: built once.
  const content = {
    number,
    year,
    day: entry.day,
    journal: entry.journal,
    label,
    reference,
    source_type: entry.source_type,
    source_id: entry.source_id,
    reverses_id: entry.reverses_id ?? null,
    carried: entry.carried ?? 0,
    validated_at,
    created_by: entry.created_by ?? null,
  };
  const hash = entryHash(previous, { ...content, lines }, CURRENT_HASH_VERSION);
  const row = await insertEntryRows(db, { ...content, hash, hash_version: CURRENT_HASH_VERSION, created_at: validated_at }, lines);
  await setChainHead(db, hash);
  return row;
}

/** An automatic entry dated in a closed year lands on the first day of the first open year after it. */
export async function openDay(db: Exec, day: string): Promise<string> {
  const closed = await closedYears(db);
  const year = Number(day.slice(0, 4));
  if (!closed.includes(year)) return day;
  let next = year + 1;
  while (closed.includes(next)) next += 1;
  return `${next}-01-01`;
}

// ---------------------------------------------------------------- treasury accounts in the chart

const PARENT_OF_KIND: Record<string, string> = {
  banque: BOOK_ACCOUNTS.banks,
  mobile_money: BOOK_ACCOUNTS.mobileMoney,
  caisse: BOOK_ACCOUNTS.cash,
};
export const JOURNAL_OF_KIND: Record<string, string> = { banque: 'BQ', mobile_money: 'MM', caisse: 'CA' };
const CHART_NUMBERS = new Set(SYCEBNL_CHART.map((a) => a.number));

/** The chart account of a treasury account, given (as the next free sub-account of 521, 552 or 571) at first use. */
export async function ledgerAccountFor(db: Exec, treasuryId: number): Promise<{ number: string; kind: string; name: string }> {
  const account = await treasuryAccount(db, treasuryId);
  if (!account) throw new Error(`treasury account ${treasuryId} not found`);
  if (account.ledger_account) return { number: account.ledger_account, kind: account.kind, name: account.name };
  const parent = PARENT_OF_KIND[account.kind] ?? BOOK_ACCOUNTS.cash;
  const taken = new Set((await ownAccountsUnder(db, parent)).map((r) => r.number));
  let k = 1;
  while (taken.has(`${parent}${k}`) || CHART_NUMBERS.has(`${parent}${k}`)) k += 1;
  const number = `${parent}${k}`;
  if (!(await findOwnAccount(db, number)))
    await insertOwnAccount(db, number, `${ACCOUNT_KIND_LABELS[account.kind as AccountKind] ?? 'Trésorerie'} — ${account.name}`, null);
  await setLedgerAccount(db, account.id, number);
  return { number, kind: account.kind, name: account.name };
}

/** A treasury account's opening balance: debit its chart account, credit the report à nouveau (class 1). */
export async function postAccountOpening(
  db: Exec,
  account: { id: number; opening_balance: number | string; opening_date: string },
  by: number | null,
): Promise<EntryRow | null> {
  const ledger = await ledgerAccountFor(db, account.id);
  const amount = Number(account.opening_balance);
  if (amount === 0 || (await entryBySource(db, 'opening', String(account.id)))) return null;
  const [debitAccount, creditAccount] =
    amount > 0 ? [ledger.number, BOOK_ACCOUNTS.openingFunds] : [BOOK_ACCOUNTS.deficitCarried, ledger.number];
  return postEntry(db, {
    day: await openDay(db, account.opening_date),
    journal: 'AN',
    label: `Solde d’ouverture — ${ledger.name}`,
    source_type: 'opening',
    source_id: String(account.id),
    created_by: by,
    lines: [
      { account: debitAccount, debit: Math.abs(amount), credit: 0, cause: null },
      { account: creditAccount, debit: 0, credit: Math.abs(amount), cause: null },
    ],
  });
}

// ---------------------------------------------------------------- money movements

export interface MovementForBooks {
  id: number;
  account_id: number;
  day: string;
  amount: number | string;
  kind: string;
  nature: string | null;
  category: string | null;
  purpose: string | null;
  label: string;
  reference: string | null;
  reverses_id: number | null;
  created_by: number | null;
}

const INCOME_ACCOUNTS: Record<string, string> = {
  adhesion: BOOK_ACCOUNTS.adhesions,
  cotisation: BOOK_ACCOUNTS.fees,
  [EVENT_PAYMENT_TYPE]: BOOK_ACCOUNTS.tickets,
};

/** The account facing the treasury account in a movement's entry, and the cause its line keeps. */
export function counterpartOf(m: Pick<MovementForBooks, 'kind' | 'nature' | 'category' | 'purpose' | 'amount'>): {
  account: string;
  cause: string | null;
} {
  switch (m.kind) {
    case 'recette':
      if (m.nature === 'don') {
        const purpose = m.purpose ?? 'autres';
        return { account: purpose === 'autres' ? BOOK_ACCOUNTS.giftsFree : BOOK_ACCOUNTS.giftsRestricted, cause: purpose };
      }
      return { account: INCOME_ACCOUNTS[m.nature ?? ''] ?? BOOK_ACCOUNTS.otherIncome, cause: null };
    case 'depense':
      return { account: EXPENSE_CATEGORY_ACCOUNTS[m.category ?? ''] ?? BOOK_ACCOUNTS.otherCharges, cause: m.purpose ?? null };
    case 'frais':
      return { account: BOOK_ACCOUNTS.bankFees, cause: null };
    case 'virement_entrant':
    case 'virement_sortant':
      return { account: BOOK_ACCOUNTS.transfers, cause: null };
    default:
      return { account: Number(m.amount) >= 0 ? BOOK_ACCOUNTS.otherIncome : BOOK_ACCOUNTS.otherCharges, cause: null };
  }
}

/**
 * The entry of one treasury movement: money in debits the treasury account and credits its counterpart (a gift,
 * a fee, a ticket…), money out the reverse; a counter-entry (refund, cancellation) is the same with the opposite
 * amount, so it reverses the original entry line for line.
 */
export async function postMovement(db: Exec, m: MovementForBooks): Promise<EntryRow> {
  const ledger = await ledgerAccountFor(db, m.account_id);
  const amount = Number(m.amount);
  const { account, cause } = counterpartOf(m);
  const value = Math.abs(amount);
  const lines: NewLine[] =
    amount >= 0
      ? [
          { account: ledger.number, debit: value, credit: 0, cause: null },
          { account, debit: 0, credit: value, cause },
        ]
      : [
          { account, debit: value, credit: 0, cause },
          { account: ledger.number, debit: 0, credit: value, cause: null },
        ];
  const reversed = m.reverses_id === null ? undefined : await entryBySource(db, 'movement', String(m.reverses_id));
  return postEntry(db, {
    day: await openDay(db, m.day),
    journal: JOURNAL_OF_KIND[ledger.kind] ?? 'OD',
    label: m.label,
    reference: m.reference,
    source_type: 'movement',
    source_id: String(m.id),
    reverses_id: reversed?.id ?? null,
    created_by: m.created_by,
    lines,
  });
}

/** Money received while no treasury account exists has nowhere to land: it is listed as not mapped, not posted. */
export async function noteUnpostedIncome(db: Exec, kind: string, id: number, amount: number | string, day: string): Promise<void> {
  await insertUnmapped(
    db,
    kind,
    String(id),
    `Reçu le ${day.split('-').reverse().join('/')} (${formatFcfa(Number(amount))}) sans compte de trésorerie où le porter : créez le compte puis passez l’écriture à la main.`,
  );
}
