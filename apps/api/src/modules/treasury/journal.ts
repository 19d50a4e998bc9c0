import type { JournalLine, MovementKind } from '@shared/schemas/treasury';
import { fieldError } from '../../platform/lib/http-errors';
import { MAX_SKIPPED_ROWS, PAGE_MESSAGES } from '../../platform/lib/pagination';
import {
  type AccountRow,
  balanceBeforeMovement,
  countMovements,
  type Exec,
  type JournalFilter,
  journalQuery,
  type JournalRow,
  listAccountRows,
} from './data';

// The journal: every movement in date order with its account's running balance. A page starts from the kept daily
// totals (plus the movements of its first day before it), never from a sum over the whole table.

export interface JournalQuery extends JournalFilter {
  after?: string;
  page: number;
  per_page: number;
}

const parseCursor = (cursor?: string) => {
  if (!cursor) return undefined;
  const [day, id] = cursor.split(':');
  return { day: day!, id: Number(id) };
};

const lineOf = (r: JournalRow, balance: number): JournalLine => ({
  id: r.id,
  cursor: `${r.day}:${r.id}`,
  date: r.day,
  account: r.account_id,
  account_name: r.account_name,
  kind: r.kind as MovementKind,
  label: r.label,
  category: r.category,
  purpose: r.purpose,
  reference: r.reference,
  amount: Number(r.amount),
  balance,
  reverses: r.reverses_id,
  source: r.source_type,
  source_id: r.source_id,
});

/** Running balances for rows in date order: each account starts from its balance just before its first row here. */
async function withBalances(db: Exec, rows: JournalRow[], accounts: Map<number, AccountRow>, running: Map<number, number>) {
  const lines: JournalLine[] = [];
  for (const r of rows) {
    let balance = running.get(r.account_id);
    if (balance === undefined) balance = await balanceBeforeMovement(db, accounts.get(r.account_id)!, r.day, r.id);
    balance += Number(r.amount);
    running.set(r.account_id, balance);
    lines.push(lineOf(r, balance));
  }
  return lines;
}

export async function journalPage(db: Exec, query: JournalQuery): Promise<{ items: JournalLine[]; total: number }> {
  const after = parseCursor(query.after);
  let q = journalQuery(db, query, after).limit(query.per_page);
  const skipped = after ? 0 : (query.page - 1) * query.per_page;
  // A page is a skip over the index: bounded like the other lists' (the cursor reaches any depth).
  if (skipped > MAX_SKIPPED_ROWS) throw fieldError('page', PAGE_MESSAGES.tooDeep);
  if (skipped > 0) q = q.offset(skipped);
  const [rows, total, accounts] = await Promise.all([q.execute(), countMovements(db, query), listAccountRows(db)]);
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return { items: await withBalances(db, rows, byId, new Map()), total };
}

/** Every line, in keyset batches, for the CSV file. */
export async function* journalBatches(db: Exec, filter: JournalFilter): AsyncGenerator<JournalLine[]> {
  const accounts = new Map((await listAccountRows(db)).map((a) => [a.id, a]));
  const running = new Map<number, number>();
  let after: { day: string; id: number } | undefined;
  for (;;) {
    const rows = await journalQuery(db, filter, after).limit(1000).execute();
    if (rows.length === 0) return;
    yield await withBalances(db, rows, accounts, running);
    if (rows.length < 1000) return;
    const last = rows[rows.length - 1]!;
    after = { day: last.day, id: last.id };
  }
}
