const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

/** « mars 2026 », or « mars » when short. */
export function monthName(month: string, short = false): string {
  const [year, m] = month.split('-');
  const name = MONTHS[Number(m) - 1] ?? month;
  return short ? name.slice(0, 4).replace(/\.$/, '') : `${name} ${year}`;
}
