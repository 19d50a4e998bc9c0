import { formatFcfa } from '@shared/format';
import type { BudgetTotal } from './api';

// The books' screens' pure rules (tested in rules.test.ts).

/**
 * The server's field errors keyed for the form: « lines.2.account » names the third line sent, which is on screen at
 * `shown[2]` (empty lines are not sent). The first message of each field.
 */
export function entryFieldErrors(errors: Record<string, string[]>, shown: readonly number[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const message = messages[0];
    if (!message) continue;
    const line = /^lines\.(\d+)\.(\w+)$/.exec(key);
    const at = line ? shown[Number(line[1])] : undefined;
    out[line && at !== undefined ? `lines.${at}.${line[2]}` : key] = message;
  }
  return out;
}

/** Why closing now may be a mistake: the year is not over, or the books' cash differs from the treasury's. */
export function closingWarnings(year: number, today: string, gap: number): string[] {
  const warnings: string[] = [];
  if (today < `${year + 1}-01-01`) warnings.push(`L’exercice ${year} n’est pas terminé : il court jusqu’au 31/12/${year}.`);
  if (gap !== 0) warnings.push(`La trésorerie des comptes diffère de celle des comptes de trésorerie (écart de ${formatFcfa(gap)}).`);
  return warnings;
}

/** The budgeted and actual result: products − charges, its difference being actual − budget as on every line. */
export const resultOf = (products: BudgetTotal, charges: BudgetTotal): BudgetTotal => {
  const budget = products.budget - charges.budget;
  const actual = products.actual - charges.actual;
  return { budget, actual, difference: actual - budget };
};
