// French formatting: "5 000 FCFA" with a no-break space as thousands separator.
const NBSP = '\u00a0';

export function formatNumber(value: number): string {
  const [int, dec] = Math.abs(value)
    .toFixed(Number.isInteger(value) ? 0 : 2)
    .split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${value < 0 ? '-' : ''}${grouped}${dec ? `,${dec}` : ''}`;
}

export function formatFcfa(amount: number): string {
  return `${formatNumber(amount)}${NBSP}FCFA`;
}

export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('fr-FR', { day: '2-digit', month: 'long', year: 'numeric' });
}

/** Zones are compared without regard to case, accents or surrounding spaces. */
export function normalizeZone(zone: string): string {
  return zone.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();
}
