// Recurring giving: what the browser needs without zod (the schemas in schemas/pledges.ts re-export it), so a form page's first load
// skips zod and its schemas (~250 KB of JavaScript; issue #43, apps/web/src/lib/lazy-resolver.ts).

export const PLEDGE_FREQUENCIES = ['mensuel', 'trimestriel', 'annuel'] as const;

export type PledgeFrequency = (typeof PLEDGE_FREQUENCIES)[number];

/** `pending`: made, its first gift not paid yet; no due, reminder nor notice goes to it (docs/recurring-giving.md). */
export const PLEDGE_STATUSES = ['pending', 'active', 'paused', 'cancelled'] as const;

export type PledgeStatus = (typeof PLEDGE_STATUSES)[number];

export const PLEDGE_FREQUENCY_LABELS: Record<PledgeFrequency, string> = {
  mensuel: 'Chaque mois',
  trimestriel: 'Chaque trimestre',
  annuel: 'Chaque année',
};

export const PLEDGE_STATUS_LABELS: Record<PledgeStatus, string> = {
  pending: 'En attente du premier don',
  active: 'Actif',
  paused: 'En pause',
  cancelled: 'Arrêté',
};

/** At most this many pledges of one telephone may wait for their first gift (a stranger cannot pile them up). */
export const PLEDGE_PENDING_MAX_PER_TELEPHONE = 3;

/** A pledge whose first gift is still unpaid after this long lapses (cancelled, without any message). */
export const PLEDGE_PENDING_LAPSE_HOURS = 24;
