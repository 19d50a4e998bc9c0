import { describe, expect, it } from 'vitest';
import '../zod-fr';
import { PROVIDER_MESSAGES, providerInformationSchema, providerUpdateSchema } from './provider';
import { QUESTIONNAIRE_MESSAGES, questionnaireSchema } from './questionnaire';

const valid = {
  entreprise: 'Entreprise Soleil',
  forme_juridique: 'SA',
  rccm: 'RB/COT/2023 B 1234',
  adresse: 'Rue des Cocotiers 12',
  zone: 'Abomey-Calavi',
  email: 'contact@soleil.bj',
  telephone: '+22990112233',
  whatsapp: '',
  marge_salaire: '50000',
  domaines: ['Santé', 'Logement'],
  reductions: { Santé: '15', Logement: '', Alimentation: '10' },
};

const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('providerInformationSchema', () => {
  it('accepts a valid form and keeps only the selected domains’ discounts', () => {
    const r = providerInformationSchema.parse(valid);
    expect(r.marge_salaire).toBe(50000);
    expect(r.whatsapp).toBeNull();
    expect(r.reductions).toEqual({ Santé: 15, Logement: null });
  });

  it('words every rule of docs/product/validation.md', () => {
    const r = providerInformationSchema.safeParse({
      ...valid,
      entreprise: 'C',
      forme_juridique: 'Société anonyme',
      rccm: 'RCCM@@@@@@',
      email: 'pas-un-email',
      telephone: '12345',
      whatsapp: 'abc',
      marge_salaire: '123',
      domaines: [],
      reductions: { Santé: '150' },
    });
    const e = errorsOf(r);
    expect(e.entreprise).toBe("Le nom de l'entreprise doit contenir entre 2 et 120 caractères.");
    expect(e.forme_juridique).toBe('Choisissez une forme juridique dans la liste.');
    expect(e.rccm).toBe(PROVIDER_MESSAGES.rccm);
    expect(e.email).toBe("L'email est requis et doit être valide.");
    expect(e.telephone).toBe("Le téléphone doit contenir entre 8 et 15 chiffres, précédé d'un signe + si nécessaire.");
    expect(e.whatsapp).toBe(PROVIDER_MESSAGES.whatsapp);
    expect(e.marge_salaire).toBe('La marge de salaire doit contenir au moins 4 chiffres positifs.');
    expect(e.domaines).toBe(PROVIDER_MESSAGES.domaines);
    expect(e['reductions.Santé']).toBe('Le pourcentage de réduction doit contenir au plus 2 chiffres positifs.');
  });

  it('takes what real companies write (issue #33): apostrophes, commas, legal forms from the list, Benin’s RCCM', () => {
    const r = providerInformationSchema.parse({
      ...valid,
      entreprise: "Pharmacie d'Akpakpa",
      adresse: 'Lot 123, Akpakpa',
      forme_juridique: 'SARL',
      rccm: ' rb / cot / 23 b 12345 ',
    });
    expect(r).toMatchObject({
      entreprise: "Pharmacie d'Akpakpa",
      adresse: 'Lot 123, Akpakpa',
      forme_juridique: 'SARL',
      rccm: 'RB/COT/23 B 12345',
    });
    expect(providerInformationSchema.parse({ ...valid, rccm: 'RB/PNO/2021/A/123' }).rccm).toBe('RB/PNO/2021/A/123');
    for (const form of [
      'SARLU',
      'SAS',
      'SASU',
      'SNC',
      'SCS',
      'GIE',
      'entreprise individuelle',
      'association',
      'ONG',
      'coopérative',
      'autre',
    ]) {
      expect(providerInformationSchema.safeParse({ ...valid, forme_juridique: form }).success, form).toBe(true);
    }
    const e = errorsOf(
      providerInformationSchema.safeParse({ ...valid, entreprise: 'x'.repeat(121), adresse: 'Lot\u0007 1', rccm: 'RB/COT' }),
    );
    expect(e.entreprise).toBe("Le nom de l'entreprise doit contenir entre 2 et 120 caractères.");
    expect(e.adresse).toBe(PROVIDER_MESSAGES.textCharacters);
    expect(e.rccm).toBe(PROVIDER_MESSAGES.rccm);
  });

  it('refuses a negative salary margin and unknown domains', () => {
    const e = errorsOf(providerInformationSchema.safeParse({ ...valid, marge_salaire: -5000, domaines: ['Pêche'] }));
    expect(e.marge_salaire).toBe(PROVIDER_MESSAGES.margeSalaire);
    expect(e['domaines.0']).toBe(PROVIDER_MESSAGES.domaineUnknown);
  });
});

describe('providerUpdateSchema', () => {
  it('shows the required messages of the edit form first', () => {
    const e = errorsOf(
      providerUpdateSchema.safeParse({
        entreprise: '',
        forme_juridique: '',
        rccm: '',
        adresse: '',
        zone: '',
        email: '',
        telephone: '',
        marge_salaire: '',
        domaines: [],
      }),
    );
    expect(e).toMatchObject({
      entreprise: "L'entreprise est requise",
      forme_juridique: 'La forme juridique est requise',
      rccm: 'Le RCCM est requis',
      adresse: "L'adresse est requise",
      zone: 'La zone est requise',
      telephone: 'Le téléphone est requis',
      marge_salaire: 'La marge salaire est requise',
      domaines: 'Au moins un domaine est requis',
    });
    expect(errorsOf(providerUpdateSchema.safeParse({ ...valid, email: 'faux' })).email).toBe('Email invalide');
  });

  it('takes a company with no e-mail (phone-only, round three)', () => {
    expect(errorsOf(providerUpdateSchema.safeParse({ ...valid, email: '' })).email).toBeUndefined();
    expect(errorsOf(providerInformationSchema.safeParse({ ...valid, email: '' })).email).toBeUndefined();
    const { email: _email, ...withoutEmail } = valid;
    const parsed = providerInformationSchema.safeParse(withoutEmail);
    expect(parsed.success && parsed.data.email).toBe('');
  });
});

describe('questionnaireSchema', () => {
  const q = {
    marital_status: 'Marié(e)',
    job: 'Couturière',
    income: '50000',
    income_total: 80000,
    monthly_expenses: '0',
    needs: ['Santé'],
  };
  it('accepts a valid questionnaire', () => {
    expect(questionnaireSchema.parse(q)).toMatchObject({ income: 50000, income_total: 80000, monthly_expenses: 0 });
  });
  it('refuses more than 3 needs, negative income and unknown marital status', () => {
    const e = errorsOf(
      questionnaireSchema.safeParse({ ...q, income: -1, income_total: '-3', marital_status: 'Pacsé', needs: ['a', 'b', 'c', 'd'] }),
    );
    expect(e.needs).toBe('Vous ne pouvez sélectionner que 3 besoins maximum.');
    expect(e.income).toBe(QUESTIONNAIRE_MESSAGES.income);
    expect(e.income_total).toBe(QUESTIONNAIRE_MESSAGES.incomeTotal);
    expect(e.marital_status).toBe(QUESTIONNAIRE_MESSAGES.maritalStatus);
  });
});
