import { ROLES, type Role } from '@shared/constants';

export const ALL_ROLES: readonly Role[] = ROLES;

let n = 0;
/** A valid provider information payload (docs/product/validation.md), unique per call. */
export function providerPayload(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    entreprise: `Entreprise Soleil ${n}`,
    forme_juridique: 'SA',
    rccm: `RB/COT/2024 B ${1000 + n}`,
    adresse: 'Rue des Cocotiers 12',
    zone: 'Abomey-Calavi',
    email: `contact${n}@soleil.bj`,
    telephone: '+22990112233',
    whatsapp: '22990112233',
    marge_salaire: '150000',
    domaines: ['Santé', 'Logement'],
    reductions: { Santé: '15', Logement: '5' },
    ...overrides,
  };
}
