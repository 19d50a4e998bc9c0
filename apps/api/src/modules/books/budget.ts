import { accountClass } from '@shared/books/chart';
import { BOOKS_MESSAGES } from '@shared/schemas/books';
import type { DB } from '../../platform/database/database';
import { fieldError } from '../../platform/lib/http-errors';
import { type AuditActor, recordAudit } from '../audit';
import { budgetOf, type Exec, replaceBudget, totalsOfYear } from './data';
import { labelOf } from './reports';
import { accountLabels } from './service';

// A year's budget per account (and cause), and its execution: what the books say was spent or received on each line.

export async function readBudget(db: Exec, year: number) {
  const [rows, labels] = await Promise.all([budgetOf(db, year), accountLabels(db)]);
  return {
    year,
    lines: rows.map((r) => ({ account: r.account, label: labelOf(labels, r.account), cause: r.cause || null, amount: Number(r.amount) })),
  };
}

export async function saveBudget(
  db: DB,
  year: number,
  lines: { account: string; cause?: string | undefined; amount: number }[],
  actor: AuditActor,
) {
  const labels = await accountLabels(db);
  lines.forEach((l, i) => {
    if (!labels.has(l.account)) throw fieldError(`lines.${i}.account`, BOOKS_MESSAGES.accountUnknown);
  });
  await db.transaction().execute(async (trx) => {
    const before = await budgetOf(trx, year);
    await replaceBudget(
      trx,
      year,
      lines.map((l) => ({ account: l.account, cause: l.cause ?? '', amount: l.amount })),
    );
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'books_budget.update',
      entity: 'books_budget',
      entityId: year,
      before,
      after: lines,
    });
  });
  return readBudget(db, year);
}

export async function budgetExecution(db: Exec, year: number) {
  const [budget, totals] = await Promise.all([readBudget(db, year), totalsOfYear(db, year)]);
  const lines = budget.lines.map((b) => {
    let actual = 0;
    for (const t of totals) {
      if (t.carried || !t.account.startsWith(b.account)) continue;
      if (b.cause && t.cause !== b.cause) continue;
      const net = Number(t.debit) - Number(t.credit);
      actual += accountClass(b.account) === 7 || accountClass(b.account) === 1 ? -net : net;
    }
    return { ...b, budget: b.amount, actual, difference: actual - b.amount };
  });
  // Charges (class 6) and products (class 7) are totalled apart: a sum of both means nothing. Difference = actual − budget.
  const total = (cls: number) => {
    const of = lines.filter((l) => accountClass(l.account) === cls);
    const budgeted = of.reduce((s, l) => s + l.budget, 0);
    const actual = of.reduce((s, l) => s + l.actual, 0);
    return { budget: budgeted, actual, difference: actual - budgeted };
  };
  return {
    year,
    lines: lines.map(({ amount: _a, ...l }) => l),
    total_budget: lines.reduce((s, l) => s + l.budget, 0),
    total_actual: lines.reduce((s, l) => s + l.actual, 0),
    charges: total(6),
    products: total(7),
  };
}
