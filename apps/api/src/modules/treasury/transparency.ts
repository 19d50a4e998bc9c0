import { DONATION_PURPOSE_LABELS, DONATION_PURPOSES, type DonationPurpose } from '@shared/constants';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  type ExpenseCategory,
  TRANSPARENCY_MIN_DONATIONS,
  type Transparency,
} from '@shared/schemas/treasury';
import { type Exec, transparencyMonths, transparencyRows } from './data';

// The public account of what gifts did: per cause, raised (approved, neither refunded nor cancelled) and spent, by
// month, from totals kept as money moves. It is built from amounts and counts only: no name, telephone or e-mail
// ever reaches it. A month where a cause had fewer than 3 gifts is not shown on its own (a single gift's amount
// could point at its donor): it is folded into the year's other months.

export async function transparency(db: Exec, year: number): Promise<Transparency> {
  const [rows, months] = await Promise.all([transparencyRows(db, year), transparencyMonths(db)]);
  const years = [...new Set(months.map((m) => Number(m.month.slice(0, 4))))].sort((a, b) => b - a);
  const raised = new Map<string, Map<string, { amount: number; count: number }>>();
  const spentByCause = new Map<string, Map<string, number>>();
  const byCategory = new Map<string, number>();
  for (const r of rows) {
    const amount = Number(r.amount);
    const [kind, a, b] = r.flow.split(':') as [string, string, string | undefined];
    if (kind === 'raised') {
      const m = raised.get(a) ?? new Map();
      m.set(r.month, { amount, count: Number(r.count) });
      raised.set(a, m);
    } else if (kind === 'spent') {
      byCategory.set(a, (byCategory.get(a) ?? 0) + amount);
      if (b && b !== '-') {
        const m = spentByCause.get(b) ?? new Map<string, number>();
        m.set(r.month, (m.get(r.month) ?? 0) + amount);
        spentByCause.set(b, m);
      }
    }
  }
  const causes = DONATION_PURPOSES.map((purpose) => {
    const gifts = raised.get(purpose) ?? new Map<string, { amount: number; count: number }>();
    const spent = spentByCause.get(purpose) ?? new Map<string, number>();
    const monthKeys = [...new Set([...gifts.keys(), ...spent.keys()])].sort();
    const other = { raised: 0, donations: 0 };
    const list: Transparency['causes'][number]['months'] = [];
    for (const month of monthKeys) {
      const g = gifts.get(month) ?? { amount: 0, count: 0 };
      const s = spent.get(month) ?? 0;
      const thin = g.count < TRANSPARENCY_MIN_DONATIONS;
      if (thin) {
        other.raised += g.amount;
        other.donations += g.count;
      }
      if (!thin || s !== 0) list.push({ month, raised: thin ? 0 : g.amount, donations: thin ? 0 : g.count, spent: s });
    }
    const totalRaised = [...gifts.values()].reduce((sum, g) => sum + g.amount, 0);
    const donations = [...gifts.values()].reduce((sum, g) => sum + g.count, 0);
    // A cause with fewer than 3 gifts in the whole year shows no amount at all (« moins de 3 dons »): one gift's
    // amount could point at its donor, as a thin month's could.
    const thinYear = donations > 0 && donations < TRANSPARENCY_MIN_DONATIONS;
    return {
      purpose,
      label: DONATION_PURPOSE_LABELS[purpose as DonationPurpose],
      raised: thinYear ? null : totalRaised,
      donations,
      spent: [...spent.values()].reduce((sum, v) => sum + v, 0),
      months: list,
      other_months: thinYear ? { raised: null, donations: other.donations } : other,
    };
  });
  const spentTotal = [...byCategory.values()].reduce((s, v) => s + v, 0);
  const fonctionnement = byCategory.get('fonctionnement') ?? 0;
  const frais = byCategory.get('frais_financiers') ?? 0;
  return {
    year,
    years: years.includes(year) ? years : [year, ...years].sort((a, b) => b - a),
    causes,
    raised: [...raised.values()].reduce((s, m) => s + [...m.values()].reduce((t, g) => t + g.amount, 0), 0),
    spent: spentTotal,
    running_costs: {
      fonctionnement,
      frais_financiers: frais,
      total: fonctionnement + frais,
      share: spentTotal > 0 ? Math.round(((fonctionnement + frais) / spentTotal) * 10_000) / 10_000 : 0,
    },
    spent_by_category: EXPENSE_CATEGORIES.filter((c) => (byCategory.get(c) ?? 0) !== 0).map((c) => ({
      key: c,
      label: EXPENSE_CATEGORY_LABELS[c as ExpenseCategory],
      amount: byCategory.get(c) ?? 0,
    })),
  };
}
