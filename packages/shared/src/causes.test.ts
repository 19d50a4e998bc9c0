import { describe, expect, it } from 'vitest';
import { findCause } from './causes';

// Issue #18 §6: cause ids keep working with and without accents.
describe('findCause', () => {
  it.each([
    ['securite-toît', 'securite-toît'],
    ['securite-toit', 'securite-toît'],
    ['securite-to%C3%AEt', 'securite-toît'],
    ['securite-energetique', 'sécurité-énergetique'],
    ['sécurité-énergétique', 'sécurité-énergetique'],
    ['integrite-juridique', 'intégrité-juridique'],
    ['SECURITE-TOIT', 'securite-toît'],
  ])('finds %s', (asked, id) => {
    expect(findCause(asked)?.id).toBe(id);
  });

  it('finds nothing for an unknown id', () => {
    expect(findCause('inconnue')).toBeUndefined();
  });

  it('titles the causes in correct French', () => {
    expect(findCause('securite-toit')?.title).toBe("Sécurité d'un toit");
    expect(findCause('securite-energetique')?.title).toBe('Sécurité énergétique');
  });
});
