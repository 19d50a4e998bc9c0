import type { DonationPurpose } from '@shared/constants';
import { MAX_BOOK_AMOUNT, pastDay, type Statement, type StatementMapping, TREASURY_MESSAGES } from '@shared/schemas/treasury';
import type { z } from 'zod';
import type { bookLineSchema } from '@shared/schemas/treasury';
import type { DB } from '../../platform/database/database';
import { conflict, fieldError, HttpError, notFound } from '../../platform/lib/http-errors';
import type { Storage } from '../../platform/storage/storage';
import { type AuditActor, recordAudit } from '../audit';
import {
  accountNamesOf,
  balancesBefore,
  type Exec,
  findAccountRow,
  findExpense,
  findMovement,
  findStatement,
  findStatementLine,
  findStatementView,
  insertStatement,
  insertStatementLines,
  isMovementReconciled,
  releaseBookedLine,
  type StatementLineRow,
  setLineMatch,
  statementLines,
  unreconciledMovements,
} from './data';
import { recordMovement, reverseMovement, todayInCotonou } from './ledger';
import { createExpense } from './service';

// Reconciliation of a bank or mobile-money statement (CSV) with the books: each line is matched to one movement of
// the account with the same amount, dated within 3 days, and with the same reference when both have one. What is
// left is listed on both sides, to match by hand or to book as an expense or a receipt.

const MATCH_DAYS = 3;

/** Splits CSV text (`;` or `,`, quoted cells with "" escapes) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const clean = text.replace(/^\uFEFF/, '');
  const firstLine = clean.slice(0, clean.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < clean.length; i++) {
    const c = clean[i]!;
    if (quoted) {
      if (c === '"' && clean[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && clean[i + 1] === '\n') i++;
      row.push(cell);
      if (row.some((v) => v.trim() !== '')) rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  row.push(cell);
  if (row.some((v) => v.trim() !== '')) rows.push(row);
  return rows;
}

/** A statement's date: 2026-03-05, 05/03/2026 or 05-03-2026 (day first, as French banks write). */
export function parseStatementDate(value: string): string | null {
  const v = value.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  let iso = m ? `${m[1]}-${m[2]}-${m[3]}` : null;
  if (!iso) {
    m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})/.exec(v);
    if (m) iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  }
  if (!iso || Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) || !new Date(`${iso}T00:00:00Z`).toISOString().startsWith(iso)) return null;
  return iso;
}

/** A signed whole FCFA amount as statements write it: -5000, -5 000, 5.000, 5000,00, "+1 500 FCFA". */
export function parseStatementAmount(value: string): number | null {
  let v = value.replace(/[\s\u00a0\u202f]/g, '').replace(/(FCFA|XOF|F)$/i, '');
  let sign = 1;
  if (/^\(.*\)$/.test(v)) {
    sign = -1;
    v = v.slice(1, -1);
  }
  if (v.startsWith('-') || v.startsWith('+')) {
    if (v.startsWith('-')) sign = -sign;
    v = v.slice(1);
  }
  if (/^\d{1,3}(\.\d{3})+$/.test(v)) v = v.replace(/\./g, '');
  const m = /^(\d+)(?:[.,](0{1,2}))?$/.exec(v);
  if (!m) return null;
  return sign * Number(m[1]);
}

/**
 * What refuses a readable line: its day follows the rule of every other date (from 2000, not in the future: a line of
 * 1999 would open a year that blocks every closing, one of 2099 would show on the public page), its amount the books'
 * limit (safe whole FCFA). Checked at import and again at booking (lines imported before the rule).
 */
function lineRefusal(day: string, amount: number): string | null {
  const date = pastDay.safeParse(day);
  if (!date.success) return date.error.issues[0]?.message ?? TREASURY_MESSAGES.dateInvalid;
  if (!Number.isSafeInteger(amount) || Math.abs(amount) > MAX_BOOK_AMOUNT) return TREASURY_MESSAGES.amountTooLarge;
  return null;
}

interface ParsedLine {
  line_no: number;
  day: string;
  label: string;
  amount: number;
  reference: string | null;
  balance: number | null;
}

function readLines(text: string, mapping: StatementMapping): ParsedLine[] {
  const rows = parseCsv(text);
  if (rows.length < 2) throw fieldError('file', TREASURY_MESSAGES.statementEmpty);
  const header = rows[0]!.map((h) => h.trim().toLowerCase());
  const column = (name: string | undefined) => {
    if (!name) return -1;
    const index = header.indexOf(name.trim().toLowerCase());
    if (index < 0) throw fieldError('mapping', `${TREASURY_MESSAGES.mappingColumnMissing}${name}`);
    return index;
  };
  const [date, label, amount, reference, balance] = [
    column(mapping.date),
    column(mapping.label),
    column(mapping.amount),
    column(mapping.reference),
    column(mapping.balance),
  ];
  return rows.slice(1).map((cells, i) => {
    const lineNo = i + 2;
    const day = parseStatementDate(cells[date] ?? '');
    const value = parseStatementAmount(cells[amount] ?? '');
    const bal = balance >= 0 && (cells[balance] ?? '').trim() !== '' ? parseStatementAmount(cells[balance] ?? '') : null;
    if (!day || value === null || value === 0 || (balance >= 0 && (cells[balance] ?? '').trim() !== '' && bal === null))
      throw fieldError('file', `${TREASURY_MESSAGES.statementLineInvalid}${lineNo}`);
    const refusal = lineRefusal(day, value);
    if (refusal) throw fieldError('file', TREASURY_MESSAGES.statementLineRefused(lineNo, refusal));
    if (bal !== null && (!Number.isSafeInteger(bal) || Math.abs(bal) > MAX_BOOK_AMOUNT))
      throw fieldError('file', TREASURY_MESSAGES.statementLineRefused(lineNo, TREASURY_MESSAGES.amountTooLarge));
    return {
      line_no: lineNo,
      day,
      label: (cells[label] ?? '').trim().slice(0, 300),
      amount: value,
      reference: reference >= 0 ? (cells[reference] ?? '').trim().slice(0, 100) || null : null,
      balance: bal,
    };
  });
}

const dayDistance = (a: string, b: string) => Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000;
const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const sameRef = (a: string | null, b: string | null) => !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

export async function importStatement(
  db: DB,
  accountId: number,
  text: string,
  mapping: StatementMapping,
  filename: string | null,
  actor: AuditActor,
): Promise<Statement> {
  const account = await findAccountRow(db, accountId);
  if (!account) throw fieldError('account', TREASURY_MESSAGES.accountUnknown);
  const parsed = readLines(text, mapping);
  const days = parsed.map((l) => l.day).sort();
  const [start, end] = [days[0]!, days[days.length - 1]!];
  const id = await db.transaction().execute(async (trx) => {
    const lastWithBalance = [...parsed].reverse().find((l) => l.balance !== null);
    const statement = await insertStatement(trx, {
      account_id: account.id,
      filename,
      period_start: start,
      period_end: end,
      closing_balance: lastWithBalance?.balance ?? null,
      created_by: actor.id,
    });
    // A cancelled movement never reaches the bank: it is not offered to an automatic match.
    const candidates = (await unreconciledMovements(trx, account.id, shiftDay(start, -MATCH_DAYS), shiftDay(end, MATCH_DAYS))).filter(
      (m) => !m.cancelled,
    );
    const taken = new Set<number>();
    const rows = parsed.map((l) => {
      const fits = candidates.filter(
        (m) =>
          !taken.has(m.id) &&
          Number(m.amount) === l.amount &&
          dayDistance(m.day, l.day) <= MATCH_DAYS &&
          // When both sides carry a reference, they must agree.
          (!l.reference || !m.reference || sameRef(l.reference, m.reference)),
      );
      fits.sort(
        (a, b) =>
          Number(sameRef(l.reference, b.reference)) - Number(sameRef(l.reference, a.reference)) ||
          dayDistance(a.day, l.day) - dayDistance(b.day, l.day) ||
          a.id - b.id,
      );
      const match = fits[0];
      if (match) taken.add(match.id);
      return {
        ...l,
        statement_id: statement.id,
        movement_id: match?.id ?? null,
        match_kind: match ? 'auto' : null,
        expense_id: null,
        matched_by: match ? actor.id : null,
        matched_at: match ? statement.created_at : null,
      };
    });
    for (let i = 0; i < rows.length; i += 200) await insertStatementLines(trx, rows.slice(i, i + 200));
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'treasury_statement.import',
      entity: 'treasury_statement',
      entityId: statement.id,
      details: { account: account.id, lines: rows.length, matched: taken.size, filename, account_names: { [account.id]: account.name } },
    });
    return statement.id;
  });
  return statementView(db, id);
}

const lineView = (l: StatementLineRow & { matched_by_name: string | null }) => ({
  id: l.id,
  line: l.line_no,
  date: l.day,
  label: l.label,
  amount: Number(l.amount),
  reference: l.reference,
  balance: l.balance === null ? null : Number(l.balance),
  movement: l.movement_id,
  match: l.match_kind as 'auto' | 'manuel' | 'saisie' | null,
  expense: l.expense_id,
  matched_by: l.matched_by_name,
  matched_at: l.matched_at,
});

const movementView = (m: { id: number; day: string; label: string; amount: number; reference: string | null }) => ({
  id: m.id,
  date: m.day,
  label: m.label,
  amount: Number(m.amount),
  reference: m.reference,
});

export async function statementView(db: Exec, id: number): Promise<Statement> {
  const statement = await findStatementView(db, id);
  if (!statement) throw notFound(TREASURY_MESSAGES.statementNotFound);
  const account = (await findAccountRow(db, statement.account_id))!;
  const [lines, movements, balances] = await Promise.all([
    statementLines(db, id),
    unreconciledMovements(db, account.id, statement.period_start, statement.period_end),
    balancesBefore(db, shiftDay(statement.period_end, 1)),
  ]);
  const views = lines.map(lineView);
  const book = balances.get(account.id) ?? Number(account.opening_balance);
  const closing = statement.closing_balance === null ? null : Number(statement.closing_balance);
  const unmatchedLines = views.filter((l) => l.match === null);
  // SQLite answers a boolean expression as 0/1.
  const open = movements.filter((m) => !Number(m.cancelled)).map(movementView);
  const cancelled = movements.filter((m) => Number(m.cancelled)).map(movementView);
  const sum = (xs: { amount: number }[]) => xs.reduce((t, x) => t + x.amount, 0);
  const autoMatched = views.filter((l) => l.match === 'auto').length;
  const history: Statement['history'] = [
    {
      at: statement.created_at,
      by: statement.created_by_name,
      action: 'import',
      line: null,
      label: `${views.length} ligne(s) importée(s), ${autoMatched} rapprochée(s) automatiquement`,
      amount: null,
    },
    ...views
      .filter((l) => (l.match === 'manuel' || l.match === 'saisie') && l.matched_at)
      .map((l) => ({
        at: l.matched_at!,
        by: l.matched_by,
        action: l.match as 'manuel' | 'saisie',
        line: l.line,
        label: l.label,
        amount: l.amount,
      }))
      .sort((a, b) => a.at.localeCompare(b.at) || a.line - b.line),
  ];
  return {
    id,
    account: account.id,
    account_name: account.name,
    period_start: statement.period_start,
    period_end: statement.period_end,
    lines: views,
    matched: views.length - unmatchedLines.length,
    unmatched_lines: unmatchedLines,
    unmatched_movements: open,
    cancelled_movements: cancelled,
    statement_balance: closing,
    book_balance: book,
    difference: closing === null ? null : closing - book,
    // Matched pairs carry equal amounts, so what separates the statement from the books is what is left on each side.
    gap: sum(unmatchedLines) - sum(open),
    complete: unmatchedLines.length === 0 && open.length === 0,
    filename: statement.filename,
    created_at: statement.created_at,
    created_by: statement.created_by_name,
    history,
  };
}

async function lineOf(db: Exec, statementId: number, lineId: number) {
  const line = await findStatementLine(db, lineId);
  if (!line || line.statement_id !== statementId) throw notFound(TREASURY_MESSAGES.lineNotFound);
  if (line.match_kind) throw conflict(TREASURY_MESSAGES.lineAlreadyMatched);
  return line;
}

const isUnique = (error: unknown) => /unique|duplicate/i.test(String((error as Error)?.message));

/** Matches a line with a movement by hand (same account and amount; any date). */
export async function matchLine(db: DB, statementId: number, lineId: number, movementId: number, actor: AuditActor): Promise<Statement> {
  const statement = await findStatement(db, statementId);
  if (!statement) throw notFound(TREASURY_MESSAGES.statementNotFound);
  try {
    await db.transaction().execute(async (trx) => {
      const line = await lineOf(trx, statementId, lineId);
      const movement = await findMovement(trx, movementId);
      if (!movement) throw fieldError('movement', TREASURY_MESSAGES.movementNotFound);
      if (movement.account_id !== statement.account_id || Number(movement.amount) !== Number(line.amount))
        throw fieldError('movement', TREASURY_MESSAGES.matchMismatch);
      if (await isMovementReconciled(trx, movementId)) throw conflict(TREASURY_MESSAGES.movementAlreadyMatched);
      if (!(await setLineMatch(trx, lineId, { movement_id: movementId, match_kind: 'manuel', matched_by: actor.id })))
        throw conflict(TREASURY_MESSAGES.lineAlreadyMatched);
      await recordAudit(trx, {
        actorId: actor.id,
        ip: actor.ip,
        actingId: actor.actingId,
        action: 'treasury_statement.match',
        entity: 'treasury_statement',
        entityId: statementId,
        details: { line: lineId, movement: movementId },
      });
    });
  } catch (error) {
    if (!(error instanceof HttpError) && isUnique(error)) throw conflict(TREASURY_MESSAGES.movementAlreadyMatched);
    throw error;
  }
  return statementView(db, statementId);
}

type BookInput = z.output<typeof bookLineSchema>;

const METHOD_OF_KIND: Record<string, 'especes' | 'mobile_money' | 'virement'> = {
  caisse: 'especes',
  mobile_money: 'mobile_money',
  banque: 'virement',
};

/** Books a line that matches nothing: money out becomes an expense (approval rules apply), money in a receipt. */
export async function bookLine(
  db: DB,
  storage: Storage,
  statementId: number,
  lineId: number,
  input: BookInput,
  actor: AuditActor,
  threshold: number,
): Promise<Statement> {
  const statement = await findStatement(db, statementId);
  if (!statement) throw notFound(TREASURY_MESSAGES.statementNotFound);
  const line = await lineOf(db, statementId, lineId);
  const amount = Number(line.amount);
  const refusal = lineRefusal(line.day, amount);
  if (refusal) throw fieldError('line', TREASURY_MESSAGES.statementLineRefused(line.line_no, refusal));
  if ((input.kind === 'depense') !== amount < 0) throw fieldError('kind', TREASURY_MESSAGES.bookWrongSign);
  const account = (await findAccountRow(db, statement.account_id))!;
  const description = input.description ?? (line.label || 'Ligne de relevé');
  if (input.kind === 'depense') {
    await createExpense(
      db,
      storage,
      {
        amount: -amount,
        category: input.category ?? 'autres',
        purpose: input.purpose as DonationPurpose | undefined,
        account: account.id,
        paid_at: line.day,
        method: METHOD_OF_KIND[account.kind] ?? 'virement',
        payee: input.payee ?? (line.label || 'Inconnu'),
        reference: line.reference ?? undefined,
        description,
      },
      undefined,
      actor,
      threshold,
      async (trx, expense, movementId) => {
        if (
          !(await setLineMatch(trx, lineId, {
            movement_id: movementId,
            match_kind: 'saisie',
            expense_id: expense.id,
            matched_by: actor.id,
          }))
        )
          throw conflict(TREASURY_MESSAGES.lineAlreadyMatched);
      },
    );
  } else {
    await db.transaction().execute(async (trx) => {
      const nature = input.nature ?? 'autre';
      const movement = await recordMovement(trx, {
        account_id: account.id,
        day: line.day,
        amount,
        kind: 'recette',
        nature,
        category: null,
        purpose: nature === 'don' ? (input.purpose ?? 'autres') : null,
        label: description,
        reference: line.reference,
        source_type: 'statement_line',
        source_id: line.id,
        reverses_id: null,
        created_by: actor.id,
      });
      if (!(await setLineMatch(trx, lineId, { movement_id: movement.id, match_kind: 'saisie', matched_by: actor.id })))
        throw conflict(TREASURY_MESSAGES.lineAlreadyMatched);
      await recordAudit(trx, {
        actorId: actor.id,
        ip: actor.ip,
        actingId: actor.actingId,
        action: 'treasury_income.create',
        entity: 'treasury_movement',
        entityId: movement.id,
        after: movement,
        details: { statement: statementId, line: lineId, account_names: await accountNamesOf(trx, [movement.account_id]) },
      });
    });
  }
  return statementView(db, statementId);
}

/**
 * Cancels a line booked from the statement: a receipt's movement is countered today (its entry reversed in the books)
 * and the line is « non rapprochée » again, to book anew or match. A line booked as an expense is undone with the
 * expense (its cancellation may need a second administrator): once the expense is cancelled, the line is released.
 */
export async function cancelBookedLine(db: DB, statementId: number, lineId: number, reason: string, actor: AuditActor): Promise<Statement> {
  await db.transaction().execute(async (trx) => {
    const line = await findStatementLine(trx, lineId);
    if (!line || line.statement_id !== statementId) throw notFound(TREASURY_MESSAGES.lineNotFound);
    if (line.match_kind !== 'saisie') throw conflict(TREASURY_MESSAGES.lineNotBooked);
    let counter: number | null = null;
    if (line.expense_id !== null) {
      const expense = await findExpense(trx, line.expense_id);
      if (expense && expense.status !== 'annulee') throw conflict(TREASURY_MESSAGES.lineExpenseActive);
    } else {
      const movement = line.movement_id === null ? undefined : await findMovement(trx, line.movement_id);
      if (movement?.source_type !== 'statement_line') throw conflict(TREASURY_MESSAGES.lineNotBooked);
      counter = (await reverseMovement(trx, movement, todayInCotonou(), `Annulation — ${movement.label}`, actor.id)).id;
    }
    if (!(await releaseBookedLine(trx, lineId, line.movement_id))) throw conflict(TREASURY_MESSAGES.lineNotBooked);
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'treasury_statement.cancel_line',
      entity: 'treasury_statement',
      entityId: statementId,
      before: line,
      details: { line: lineId, movement: line.movement_id, expense: line.expense_id, counter, reason },
    });
  });
  return statementView(db, statementId);
}
