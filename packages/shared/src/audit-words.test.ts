import { describe, expect, it } from 'vitest';
import { auditActionWords, auditChangeWords, auditEntityWords } from './audit-words';

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

describe('books and treasury in the audit trail (issue 40)', () => {
  it('names every books and treasury object in French', () => {
    expect(auditEntityWords('treasury_statement', 3)).toBe('Relevé n° 3');
    expect(auditEntityWords('treasury_transfer', 2)).toBe('Virement n° 2');
    expect(auditEntityWords('treasury_account', 1)).toBe('Compte de trésorerie n° 1');
    expect(auditEntityWords('treasury_movement', 9)).toBe('Mouvement de trésorerie n° 9');
    expect(auditEntityWords('treasury_settings', 1)).toBe('Réglages de trésorerie n° 1');
  });

  it('writes an expense’s and an entry’s fields in French, amounts in FCFA, days as 31/12/2026', () => {
    const expense = {
      id: 4,
      amount: 150000,
      category: 'fonctionnement',
      account_id: 2,
      paid_at: '2026-03-05',
      method: 'virement',
      payee: 'Pharmacie',
      status: 'approuvee',
      cancel_reason: null,
      cancel_proposed_by: null,
    };
    const words = auditChangeWords(null, expense, null);
    expect(words).toContain('Montant\u00a0: 150\u00a0000\u00a0FCFA.');
    expect(words).toContain('Payé le\u00a0: 05/03/2026.');
    expect(words).toContain('Statut\u00a0: Approuvée.');
    expect(words).toContain('Motif d’annulation\u00a0: —.');
    expect(words).toContain('Bénéficiaire\u00a0: Pharmacie.');
    expect(words).not.toMatch(/[a-z]+_[a-z]+|Cancel|Account|Paid/);
    const entry = auditChangeWords(
      null,
      { number: '2026-000012', journal: 'OD', lines: [{ account: '605', debit: 3000, credit: 0, cause: 'sante' }] },
      null,
    );
    expect(entry).toContain('Numéro\u00a0: 2026-000012.');
    expect(entry).toContain(
      'Lignes\u00a0: (Compte\u00a0: 605, Débit\u00a0: 3\u00a0000\u00a0FCFA, Crédit\u00a0: 0\u00a0FCFA, Cause\u00a0: Santé).',
    );
  });

  it('shows an empty before-value as « — », never « Avant : . », and keeps the after-value of a list', () => {
    const words = auditChangeWords([], [{ account: '6013', cause: 'education', amount: 200000 }], null);
    expect(words).toBe('Avant\u00a0: —. Après\u00a0: (Compte\u00a0: 6013, Cause\u00a0: Éducation, Montant\u00a0: 200\u00a0000\u00a0FCFA).');
  });
});
