import { describe, expect, it } from 'vitest';
import { auditActionWords, auditChangeWords } from './audit-words';

// Issue 40: the audit trail was half English (« Year receipts download », « Approved by », « Filters : Page : 1 »)
// with years as « 2 026 ».
describe('the audit trail in French', () => {
  it('names the actions recorded in French', () => {
    expect(auditActionWords('year_receipts.download')).toBe('Reçus annuels téléchargés');
    expect(auditActionWords('expense.cancel_propose')).toBe('Annulation de dépense proposée');
  });

  it('names fields in French and writes years without a thousands separator', () => {
    const words = auditChangeWords(null, null, { approved_by: 'Awa', filters: { page: 1, year: 2026 }, year: 2026 });
    // The no-break space before « : » of packages/shared/src/format.ts, so « : » never starts a line.
    expect(words).toContain('Approuvé par\u00a0: Awa');
    expect(words).toContain('Filtres\u00a0: Page\u00a0: 1');
    expect(words).toContain('Exercice\u00a0: 2026');
    expect(words).not.toMatch(/2\s026|Approved|Filters| :/);
  });
});
