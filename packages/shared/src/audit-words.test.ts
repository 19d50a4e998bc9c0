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
    expect(words).toContain('Approuvé par : Awa');
    expect(words).toContain('Filtres : Page : 1');
    expect(words).toContain('Exercice : 2026');
    expect(words).not.toMatch(/2\s026|Approved|Filters/);
  });
});
