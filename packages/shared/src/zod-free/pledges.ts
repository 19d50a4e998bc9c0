// Recurring giving: what the browser needs without zod (the schemas in schemas/pledges.ts re-export it), so a form page's first load
// skips zod and its schemas (~250 KB of JavaScript; issue #43, apps/web/src/lib/lazy-resolver.ts).

export const PLEDGE_FREQUENCIES = ['mensuel', 'trimestriel', 'annuel'] as const;

export type PledgeFrequency = (typeof PLEDGE_FREQUENCIES)[number];

export const PLEDGE_STATUSES = ['active', 'paused', 'cancelled'] as const;

export type PledgeStatus = (typeof PLEDGE_STATUSES)[number];

export const PLEDGE_FREQUENCY_LABELS: Record<PledgeFrequency, string> = {
  mensuel: 'Chaque mois',
  trimestriel: 'Chaque trimestre',
  annuel: 'Chaque année',
};

export const PLEDGE_STATUS_LABELS: Record<PledgeStatus, string> = {
  active: 'Actif',
  paused: 'En pause',
  cancelled: 'Arrêté',
};
