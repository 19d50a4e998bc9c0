import { accountClass, BOOK_ACCOUNTS } from '@shared/books/chart';
import { BOOKS_MESSAGES } from '@shared/schemas/books';
import type { DB } from '../../platform/database/database';
import { conflict, notFound } from '../../platform/lib/http-errors';
import { type AuditActor, recordAudit } from '../audit';
import { assertNotProposer, assertOwnSession } from '../policy';
import {
  balancesUpTo,
  closedYears,
  decideReopening,
  type Exec,
  findReopening,
  findYear,
  listYears,
  insertReopening,
  linesOf,
  lockBooks,
  type NewLine,
  pendingReopening,
  saveYear,
  totalsOfYear,
  unreversedEntries,
  yearsWithEntries,
} from './data';
import { postEntry } from './posting';

// Year end: dedicated funds for what is unspent of gifts restricted to a cause, the result (classes 7 − 6), the
// carry-forward of the balance-sheet accounts as the next year's opening entry, and the lock. Reopening is proposed
// by one administrator and approved by another.

const stamp = (year: number) => `${year}:${Date.now()}`;

/** Per cause: what the year's restricted gifts leave unspent, moved to (or taken back from) the dedicated funds. */
async function dedicatedFundsLines(db: Exec, year: number): Promise<NewLine[]> {
  const [rows, before] = await Promise.all([totalsOfYear(db, year), balancesUpTo(db, year - 1)]);
  const open = new Map<string, number>();
  for (const r of before)
    if (r.account === BOOK_ACCOUNTS.dedicatedFunds && r.cause)
      open.set(r.cause, (open.get(r.cause) ?? 0) + Number(r.credit) - Number(r.debit));
  const moved = new Map<string, number>(open);
  for (const r of rows) {
    if (!r.cause || r.carried) continue;
    if (r.account === BOOK_ACCOUNTS.giftsRestricted) moved.set(r.cause, (moved.get(r.cause) ?? 0) + Number(r.credit) - Number(r.debit));
    else if (accountClass(r.account) === 6 && r.account !== BOOK_ACCOUNTS.dedicatedCharge)
      moved.set(r.cause, (moved.get(r.cause) ?? 0) - Number(r.debit) + Number(r.credit));
  }
  const lines: NewLine[] = [];
  for (const [cause, available] of [...moved.entries()].sort()) {
    const delta = Math.max(0, available) - (open.get(cause) ?? 0);
    if (delta > 0)
      lines.push(
        { account: BOOK_ACCOUNTS.dedicatedCharge, debit: delta, credit: 0, cause },
        { account: BOOK_ACCOUNTS.dedicatedFunds, debit: 0, credit: delta, cause },
      );
    else if (delta < 0)
      lines.push(
        { account: BOOK_ACCOUNTS.dedicatedFunds, debit: -delta, credit: 0, cause },
        { account: BOOK_ACCOUNTS.dedicatedRelease, debit: 0, credit: -delta, cause },
      );
  }
  return lines;
}

async function yearResult(db: Exec, year: number): Promise<number> {
  let result = 0;
  for (const r of await totalsOfYear(db, year)) {
    const cls = accountClass(r.account);
    if (cls >= 6 && cls <= 8) result += Number(r.credit) - Number(r.debit);
  }
  return result;
}

export async function closeYear(db: DB, year: number, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    await lockBooks(trx);
    const closed = await closedYears(trx);
    if (closed.includes(year)) throw conflict(BOOKS_MESSAGES.yearAlreadyClosed(year));
    const earlier = (await yearsWithEntries(trx)).map((r) => r.year).find((y) => y < year && !closed.includes(y));
    if (earlier !== undefined) throw conflict(BOOKS_MESSAGES.previousYearOpen(earlier));

    const fundLines = await dedicatedFundsLines(trx, year);
    const dedicated = fundLines
      .filter((l) => l.account === BOOK_ACCOUNTS.dedicatedFunds)
      .reduce((s, l) => s + Number(l.credit) - Number(l.debit), 0);
    if (fundLines.length > 0)
      await postEntry(trx, {
        day: `${year}-12-31`,
        journal: 'OD',
        label: `Fonds dédiés — dons affectés non utilisés en ${year}`,
        source_type: 'dedicated_funds',
        source_id: stamp(year),
        created_by: actor.id,
        lines: fundLines,
      });

    const result = await yearResult(trx, year);
    // The opening entry of the next year: every balance-sheet account's balance, the results to « report à nouveau ».
    const carried: NewLine[] = [];
    let toCarry = 0;
    for (const r of await balancesUpTo(trx, year)) {
      const cls = accountClass(r.account);
      const net = Number(r.debit) - Number(r.credit);
      if (cls >= 6 && cls <= 9) {
        if (cls <= 8) toCarry -= net;
        continue;
      }
      if (net === 0) continue;
      carried.push({ account: r.account, debit: Math.max(net, 0), credit: Math.max(-net, 0), cause: r.cause || null });
    }
    if (toCarry > 0) carried.push({ account: BOOK_ACCOUNTS.surplusCarried, debit: 0, credit: toCarry, cause: null });
    if (toCarry < 0) carried.push({ account: BOOK_ACCOUNTS.deficitCarried, debit: -toCarry, credit: 0, cause: null });
    const opening =
      carried.length >= 2
        ? await postEntry(trx, {
            day: `${year + 1}-01-01`,
            journal: 'AN',
            label: `À-nouveaux de l’exercice ${year}`,
            source_type: 'carry_forward',
            source_id: stamp(year),
            carried: 1,
            created_by: actor.id,
            lines: carried,
          })
        : null;
    await saveYear(trx, year, 1, result, actor.id);
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'books_year.close',
      entity: 'books_year',
      entityId: year,
      after: { year, result, dedicated_funds: dedicated, opening_entry: opening?.number ?? null },
    });
    return { year, result, dedicated_funds: dedicated, opening_entry: opening?.id ?? null, message: BOOKS_MESSAGES.yearClosedDone(year) };
  });
}

export async function proposeReopening(db: DB, year: number, reason: string, actor: AuditActor) {
  assertOwnSession(actor);
  return db.transaction().execute(async (trx) => {
    await lockBooks(trx);
    const closed = await closedYears(trx);
    if (!closed.includes(year)) throw conflict(BOOKS_MESSAGES.yearNotClosed(year));
    if (closed.includes(year + 1)) throw conflict(BOOKS_MESSAGES.laterYearClosed(year + 1));
    if (await pendingReopening(trx, year)) throw conflict(BOOKS_MESSAGES.reopeningPending);
    const row = await insertReopening(trx, year, reason, actor.id);
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'books_year.reopen_proposed',
      entity: 'books_year',
      entityId: year,
      details: { reason, proposal: row.id },
    });
    return row;
  });
}

async function reverseAll(trx: Exec, year: number, sourceType: string, day: string, carried: number, by: number) {
  for (const e of await unreversedEntries(trx, year, sourceType)) {
    const lines = await linesOf(trx, [e.id]);
    await postEntry(trx, {
      day,
      journal: e.journal,
      label: `Annulation de ${e.number} — réouverture de l’exercice`,
      source_type: 'reversal',
      source_id: String(e.id),
      reverses_id: e.id,
      carried,
      created_by: by,
      lines: lines.map((l) => ({ account: l.account, debit: Number(l.credit), credit: Number(l.debit), cause: l.cause })),
    });
  }
}

export async function decideReopeningProposal(db: DB, id: number, approve: boolean, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    await lockBooks(trx);
    const proposal = await findReopening(trx, id);
    if (!proposal) throw notFound(BOOKS_MESSAGES.reopeningNotFound);
    if (proposal.status !== 'en_attente') throw conflict(BOOKS_MESSAGES.reopeningDecided);
    assertOwnSession(actor);
    assertNotProposer(proposal.proposed_by, actor, BOOKS_MESSAGES.notByProposer);
    const year = proposal.year;
    if (approve) {
      if ((await closedYears(trx)).includes(year + 1)) throw conflict(BOOKS_MESSAGES.laterYearClosed(year + 1));
      await saveYear(trx, year, 0, null, null);
      await reverseAll(trx, year + 1, 'carry_forward', `${year + 1}-01-01`, 1, actor.id);
      await reverseAll(trx, year, 'dedicated_funds', `${year}-12-31`, 0, actor.id);
    }
    await decideReopening(trx, id, approve ? 'approuvee' : 'rejetee', actor.id);
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: approve ? 'books_year.reopen' : 'books_year.reopen_rejected',
      entity: 'books_year',
      entityId: year,
      details: { proposal: id },
    });
    return { ...(await findReopening(trx, id))!, message: approve ? BOOKS_MESSAGES.reopened(year) : BOOKS_MESSAGES.reopeningRejected };
  });
}

export async function yearStatus(db: Exec, year: number) {
  const row = await findYear(db, year);
  return {
    year,
    closed: row?.closed === 1,
    result: row?.result === null || row?.result === undefined ? null : Number(row.result),
    closed_at: row?.closed_at ?? null,
  };
}

/** Every year that has entries or a closing, and the current one, oldest first. */
export async function listYearStatuses(db: Exec, current: number) {
  const years = new Set<number>([current]);
  for (const r of await yearsWithEntries(db)) years.add(r.year);
  const rows = new Map((await listYears(db)).map((r) => [r.year, r]));
  for (const y of rows.keys()) years.add(y);
  return [...years]
    .sort((a, b) => a - b)
    .map((year) => {
      const row = rows.get(year);
      return {
        year,
        closed: row?.closed === 1,
        result: row?.result === null || row?.result === undefined ? null : Number(row.result),
        closed_at: row?.closed_at ?? null,
      };
    });
}
