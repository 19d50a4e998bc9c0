import type { DonorLine } from './files';
import { donationsOfYear, type Exec } from './data';

// The register of gifts by donor for the legal representative's signature: a donor is known by name and telephone;
// a gift without a name is listed as anonymous, all such gifts together.

export async function donorRegister(db: Exec, year: number): Promise<DonorLine[]> {
  const donors = new Map<string, DonorLine>();
  for (const d of await donationsOfYear(db, year)) {
    const name = d.name?.trim();
    const key = name ? `${name.toLowerCase()}|${d.phone ?? ''}` : 'anonyme';
    const line = donors.get(key) ?? { name: name || 'Donateurs anonymes', count: 0, total: 0, receipts: '' };
    line.count += 1;
    line.total += Number(d.amount);
    if (d.receipt_number) line.receipts = line.receipts ? `${line.receipts}, ${d.receipt_number}` : d.receipt_number;
    donors.set(key, line);
  }
  return [...donors.values()].sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}
