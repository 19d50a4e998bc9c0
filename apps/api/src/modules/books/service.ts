import { accountClass, SYCEBNL_CHART } from '@shared/books/chart';
import { BOOKS_MESSAGES, type BookAccount, type BookEntry, type EntryCreate } from '@shared/schemas/books';
import type { DB } from '../../platform/database/database';
import { conflict, fieldError, notFound } from '../../platform/lib/http-errors';
import { type AuditActor, recordAudit } from '../audit';
import { entryHash, GENESIS_HASH } from './chain';
import {
  chainHead,
  closedYears,
  type EntryFilter,
  type EntryRow,
  entriesAfter,
  keptTotals,
  yearsWithEntries,
  summedLines,
  entryReversing,
  type Exec,
  findEntry,
  findOwnAccount,
  insertOwnAccount,
  linesOf,
  listOwnAccounts,
  pageOfEntries,
  reversalsOf,
} from './data';
import { postEntry } from './posting';

// The chart with the association's sub-accounts, entries (manual ones, reversals) and the chain's check.

const CHART = new Map(SYCEBNL_CHART.map((a) => [a.number, a.label]));

export async function chartAccounts(db: Exec): Promise<BookAccount[]> {
  const own = await listOwnAccounts(db);
  const all = new Map(CHART);
  for (const a of own) all.set(a.number, a.label);
  return [...all.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([number, label]) => ({ number, label, class: accountClass(number) }));
}

/** Every account label, chart and own sub-accounts. */
export async function accountLabels(db: Exec): Promise<Map<string, string>> {
  const all = new Map(CHART);
  for (const a of await listOwnAccounts(db)) all.set(a.number, a.label);
  return all;
}

/** A sub-account: its number prolongs an existing account of the chart (or of the association's own). */
export async function addSubAccount(db: DB, input: { number: string; label: string }, actor: AuditActor): Promise<BookAccount> {
  const labels = await accountLabels(db);
  if (labels.has(input.number)) throw fieldError('number', BOOKS_MESSAGES.accountExists);
  const parent = [...labels.keys()].some((n) => n.length >= 2 && input.number.startsWith(n) && n.length < input.number.length);
  if (!parent) throw fieldError('number', BOOKS_MESSAGES.accountParentMissing);
  await db.transaction().execute(async (trx) => {
    if (await findOwnAccount(trx, input.number)) throw fieldError('number', BOOKS_MESSAGES.accountExists);
    await insertOwnAccount(trx, input.number, input.label, actor.id);
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'books_account.create',
      entity: 'books_account',
      entityId: input.number,
      after: input,
    });
  });
  return { number: input.number, label: input.label, class: accountClass(input.number) };
}

// ---------------------------------------------------------------- entries

export async function entryViews(db: Exec, rows: readonly EntryRow[]): Promise<BookEntry[]> {
  const ids = rows.map((r) => r.id);
  const [lines, reversals] = await Promise.all([linesOf(db, ids), reversalsOf(db, ids)]);
  const reversedBy = new Map(reversals.map((r) => [r.reverses_id, r.number]));
  const byEntry = new Map<number, BookEntry['lines']>();
  for (const l of lines) {
    const list = byEntry.get(l.entry_id) ?? [];
    list.push({ account: l.account, debit: Number(l.debit), credit: Number(l.credit), ...(l.cause ? { cause: l.cause } : {}) });
    byEntry.set(l.entry_id, list);
  }
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    date: r.day,
    journal: r.journal,
    label: r.label,
    reference: r.reference,
    validated_at: r.validated_at,
    hash: r.hash,
    reverses: r.reverses_id,
    manual: r.source_type === 'manual',
    reversed_by: reversedBy.get(r.id) ?? null,
    lines: byEntry.get(r.id) ?? [],
  }));
}

export async function listEntries(db: Exec, filter: EntryFilter, page: number, perPage: number): Promise<BookEntry[]> {
  return entryViews(db, await pageOfEntries(db, filter, perPage, (page - 1) * perPage));
}

async function assertOpenYear(db: Exec, day: string): Promise<void> {
  const year = Number(day.slice(0, 4));
  if ((await closedYears(db)).includes(year)) throw conflict(BOOKS_MESSAGES.yearClosed(year));
}

/** A manual entry: every account known and of at least 3 digits, the year open; balanced (the schema checked it). */
export async function createManualEntry(db: DB, input: EntryCreate, actor: AuditActor): Promise<BookEntry> {
  const labels = await accountLabels(db);
  input.lines.forEach((l, i) => {
    if (!labels.has(l.account)) throw fieldError(`lines.${i}.account`, BOOKS_MESSAGES.accountUnknown);
  });
  // Off-balance-sheet accounts (class 9: commitments given or received) balance among themselves, never against
  // the balance sheet or the results.
  const offBalance = input.lines.map((l) => accountClass(l.account) === 9);
  if (offBalance.some(Boolean) && !offBalance.every(Boolean)) throw fieldError('lines', BOOKS_MESSAGES.offBalanceMixed);
  return db.transaction().execute(async (trx) => {
    await assertOpenYear(trx, input.date);
    // A year before the books' first would open an exercise that every later closing waits for.
    const first = (await yearsWithEntries(trx))[0]?.year;
    if (first !== undefined && Number(input.date.slice(0, 4)) < Number(first)) {
      throw fieldError('date', BOOKS_MESSAGES.beforeFirstYear(Number(first)));
    }
    const row = await postEntry(trx, {
      day: input.date,
      journal: input.journal,
      label: input.label,
      reference: input.reference ?? null,
      source_type: 'manual',
      source_id: null,
      created_by: actor.id,
      lines: input.lines.map((l) => ({ account: l.account, debit: l.debit, credit: l.credit, cause: l.cause ?? null })),
    });
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'books_entry.create',
      entity: 'books_entry',
      entityId: row.id,
      after: { number: row.number, ...input },
    });
    return (await entryViews(trx, [row]))[0]!;
  });
}

/** The reversal of a validated entry: the same lines, debit and credit swapped, dated today (or in the next open year). */
export async function reverseEntry(db: DB, id: number, reason: string, actor: AuditActor, today: string): Promise<BookEntry> {
  return db.transaction().execute(async (trx) => {
    const original = await findEntry(trx, id);
    if (!original) throw notFound(BOOKS_MESSAGES.entryNotFound);
    // Only a manual entry is reversed by hand: one posted from a movement, an expense, an opening or a closing is
    // countered with its source (cancelling the movement or expense, reopening the year, by two where the policy
    // says so), or the books and the treasury would disagree and the source's own counter-entry would reverse it again.
    if (original.source_type === 'reversal') throw conflict(BOOKS_MESSAGES.entryIsReversal);
    if (original.source_type !== 'manual') throw conflict(BOOKS_MESSAGES.entryReversedAtSource);
    if ((await entryReversing(trx, id)) || original.reverses_id !== null) throw conflict(BOOKS_MESSAGES.entryAlreadyReversed);
    await assertOpenYear(trx, today);
    const lines = await linesOf(trx, [id]);
    const row = await postEntry(trx, {
      day: today,
      journal: original.journal,
      label: `Contre-passation de ${original.number} — ${reason}`,
      reference: original.reference,
      source_type: 'reversal',
      source_id: String(id),
      reverses_id: id,
      created_by: actor.id,
      lines: lines.map((l) => ({ account: l.account, debit: Number(l.credit), credit: Number(l.debit), cause: l.cause })),
    });
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'books_entry.reverse',
      entity: 'books_entry',
      entityId: id,
      details: { number: original.number, reason, reversal: row.number },
    });
    return (await entryViews(trx, [row]))[0]!;
  });
}

/**
 * The kept totals (books_totals, which the trial balance and statements read) equal the sums of the lines: they are
 * outside the chain, so they are recomputed from the hashed lines.
 */
async function totalsAgree(db: Exec): Promise<boolean> {
  const [kept, summed] = await Promise.all([keptTotals(db), summedLines(db)]);
  const key = (r: { year: number; account: string; cause: string | null; carried: number }) =>
    `${r.year}|${r.account}|${r.cause ?? ''}|${Number(r.carried)}`;
  const expected = new Map(
    summed.filter((r) => Number(r.debit) !== 0 || Number(r.credit) !== 0).map((r) => [key(r), `${Number(r.debit)}/${Number(r.credit)}`]),
  );
  const nonZero = kept.filter((r) => Number(r.debit) !== 0 || Number(r.credit) !== 0);
  if (nonZero.length !== expected.size) return false;
  return nonZero.every((r) => expected.get(key(r)) === `${Number(r.debit)}/${Number(r.credit)}`);
}

/** Recomputes the chain from the first entry (the first entry whose hash does not match, if any) and the totals. */
export async function verifyChain(
  db: Exec,
): Promise<{ ok: boolean; entries: number; first_broken: number | null; totals_ok: boolean; head_ok: boolean }> {
  let previous = GENESIS_HASH;
  let after = 0;
  let count = 0;
  for (;;) {
    const rows = await entriesAfter(db, after, 2000);
    if (rows.length === 0) break;
    const lines = await linesOf(
      db,
      rows.map((r) => r.id),
    );
    const byEntry = new Map<number, typeof lines>();
    for (const l of lines) byEntry.set(l.entry_id, [...(byEntry.get(l.entry_id) ?? []), l]);
    for (const r of rows) {
      const hash = entryHash(
        previous,
        {
          number: r.number,
          day: r.day,
          journal: r.journal,
          label: r.label,
          reference: r.reference,
          validated_at: r.validated_at,
          lines: byEntry.get(r.id) ?? [],
          year: r.year,
          source_type: r.source_type,
          source_id: r.source_id,
          reverses_id: r.reverses_id,
          carried: r.carried,
          created_by: r.created_by,
        },
        r.hash_version,
      );
      count += 1;
      // The number carries the year, and the day falls in it: a formula-1 entry's year column is checked this way.
      const yearHolds = r.number.startsWith(`${r.year}-`) && r.day.startsWith(`${r.year}-`);
      if (hash !== r.hash || !yearHolds)
        return { ok: false, entries: count, first_broken: r.id, totals_ok: await totalsAgree(db), head_ok: true };
      previous = r.hash;
    }
    after = rows[rows.length - 1]!.id;
  }
  const totalsOk = await totalsAgree(db);
  // Each entry's hash covers the one before it, not the ones after: entries deleted from the end leave a valid chain,
  // shorter than the head kept at each posting says.
  const headOk = (await chainHead(db)) === previous;
  return { ok: totalsOk && headOk, entries: count, first_broken: null, totals_ok: totalsOk, head_ok: headOk };
}
