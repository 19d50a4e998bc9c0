import { AxeBuilder } from '@axe-core/playwright';
import { formatDate, formatFcfa } from '@shared/format';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../apps/api/test/public-site/fixtures';
import { assertNoPageErrors, baseURL, loginViaApi, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';
import { seedE2eUser } from './helpers/seed';

// The treasury on a 360 px phone: one administrator records an expense above the approval threshold with its proof,
// a second one finds it in « À traiter » and approves it; the balance moves once. Then /transparence read as a
// visitor: figures per cause, a chart, no donor's name.

const browser = setupBrowser();
const PHONE = { viewport: { width: 360, height: 740 }, touch: true } as const;
const viewHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true }).waitFor();

async function noHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (overflow > 1) {
    // Name what sticks out, so that a failure says where to look.
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .slice(-5)
        .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 60)} ${Math.round(e.getBoundingClientRect().right)}`),
    );
    expect.soft(wide).toEqual([]);
  }
  expect(overflow).toBeLessThanOrEqual(1);
}

describe('treasury at 360 px', () => {
  it('an expense with its proof recorded by one administrator and approved by a second', async () => {
    const tag = `Caisse E2E ${Date.now()}`;
    const first = await browser.newPage(PHONE);
    await loginViaApi(first, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await first.goto('/dashboard-administrateur?vue=tresorerie');
    await viewHeading(first, 'Trésorerie').waitFor();

    const accountForm = first.getByRole('form', { name: 'Nouveau compte' });
    await accountForm.getByLabel('Nom du compte').fill(tag);
    await accountForm.getByLabel('Solde d’ouverture (FCFA)').fill('500 000');
    await accountForm.getByRole('button', { name: 'Créer le compte' }).click();
    await toast(first, 'Compte créé.');
    // The account's card (its name is also an option of the transfer form once two accounts exist: other tests make some).
    await first.getByRole('paragraph').filter({ hasText: tag }).waitFor();
    // The day the account opened, written in French, never ISO (issue 40).
    const opened = first.getByRole('listitem').filter({ hasText: tag });
    await opened
      .getByText(`ouvert le ${formatDate(new Date(Date.now() + 3600_000).toISOString().slice(0, 10))}`, { exact: false })
      .waitFor();
    expect(await opened.innerText()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    await noHorizontalScroll(first);

    await first.getByRole('button', { name: 'Dépenses', exact: true }).click();
    const form = first.getByRole('form', { name: 'Enregistrer une dépense' });
    // More than the account holds: a warning, not a refusal; it goes once the amount fits.
    await form.getByLabel('Montant (FCFA)').fill('600 000');
    await form.getByLabel('Compte').selectOption({ label: tag });
    await form.getByText(`passerait à découvert (solde après l’opération : ${formatFcfa(-100_000)})`, { exact: false }).waitFor();
    await form.getByLabel('Montant (FCFA)').fill('150 000');
    await expect.poll(() => form.getByText('passerait à découvert', { exact: false }).count()).toBe(0);
    await form.getByLabel('Catégorie').selectOption('sante');
    await form.getByLabel('Cause servie (facultatif)').selectOption('sante');
    await form.getByLabel('Bénéficiaire').fill('Pharmacie de Cadjèhoun');
    await form.getByLabel('Description').fill('Médicaments pour le dispensaire');
    await form.getByLabel('Justificatif (PDF, JPEG ou PNG, 5 Mo au plus)').setInputFiles({
      name: 'facture.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf(),
    });
    await form.getByRole('button', { name: 'Enregistrer la dépense' }).click();
    await toast(first, 'Dépense enregistrée : elle attend l’approbation d’un autre administrateur.');
    // Its author sees it at once (the list opens on every expense), waiting, without an « Approuver » button.
    await first.getByRole('button', { name: 'Toutes', pressed: true }).waitFor();
    await first.getByText('Un autre administrateur doit l’approuver.').first().waitFor();
    await noHorizontalScroll(first);
    assertNoPageErrors(first);

    const other = await seedE2eUser('administrateur');
    const second = await browser.newPage(PHONE);
    await loginViaApi(second, other.telephone, other.password);
    await second.goto('/dashboard-administrateur');
    await viewHeading(second, 'À traiter').waitFor();
    await second.getByRole('button', { name: /dépenses? à approuver/ }).click();
    await viewHeading(second, 'Trésorerie').waitFor();
    // The card opens the expenses' list on those waiting (issue 40), not « Comptes »; the tab is in the address.
    await second.waitForURL((url) => url.searchParams.get('onglet') === 'depenses');
    await second.getByRole('button', { name: 'À approuver', pressed: true }).waitFor();
    const row = second.getByRole('row').filter({ hasText: 'Pharmacie de Cadjèhoun' });
    await row.getByRole('button', { name: 'Approuver' }).click();
    await toast(second, 'Dépense approuvée.');
    await second.getByRole('button', { name: 'Comptes', exact: true }).click();
    const card = second.getByRole('listitem').filter({ hasText: tag });
    await card.getByText(formatFcfa(350_000), { exact: true }).waitFor();
    // The back button returns to the expenses' tab.
    await second.goBack();
    await second.getByRole('button', { name: 'Dépenses', pressed: true }).waitFor();
    await second.goForward();
    await card.getByText(formatFcfa(350_000), { exact: true }).waitFor();
    await noHorizontalScroll(second);
    const { violations } = await new AxeBuilder({ page: second }).exclude('.Toastify').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // The approved expense is cancelled by two: the second administrator proposes it, the reason asked in a dialog…
    await second.getByRole('button', { name: 'Dépenses', exact: true }).click();
    const approvedRow = second.getByRole('row').filter({ hasText: 'Pharmacie de Cadjèhoun' });
    await approvedRow.getByRole('button', { name: 'Annuler', exact: true }).click();
    const ask = second.getByRole('dialog', { name: 'Annuler la dépense' });
    await ask.getByRole('button', { name: 'Annuler la dépense' }).click();
    await ask.getByText('Veuillez indiquer le motif de l’annulation.').waitFor();
    await ask.getByLabel('Motif de l’annulation').fill('Facture en double');
    await ask.getByRole('button', { name: 'Annuler la dépense' }).click();
    await toast(
      second,
      'Annulation proposée : un autre administrateur doit la confirmer pour qu’elle prenne effet (la dépense était approuvée).',
    );
    await approvedRow.getByText(`Annulation proposée par ${other.name}`).waitFor();
    await approvedRow.getByText('Un autre administrateur doit confirmer l’annulation.').waitFor();
    assertNoPageErrors(second);

    // …and the first finds it in « À traiter », on its row, and confirms it.
    await first.goto('/dashboard-administrateur');
    await viewHeading(first, 'À traiter').waitFor();
    await first.getByRole('button', { name: /annulations? de dépenses? à confirmer/ }).click();
    await first.waitForURL((url) => url.searchParams.get('filtre') === 'annulation_proposee');
    const proposedRow = first.getByRole('row').filter({ hasText: 'Pharmacie de Cadjèhoun' });
    await proposedRow.getByText(`Annulation proposée par ${other.name}`).waitFor();
    await proposedRow.getByText('Motif : Facture en double').waitFor();
    await noHorizontalScroll(first);
    await proposedRow.getByRole('button', { name: 'Confirmer l’annulation' }).click();
    const confirm = first.getByRole('dialog', { name: 'Confirmer l’annulation de la dépense' });
    await confirm.getByLabel('Motif de l’annulation').fill('Facture en double, confirmé');
    await confirm.getByRole('button', { name: 'Confirmer l’annulation' }).click();
    await toast(first, 'Dépense annulée.');
    assertNoPageErrors(first);
  });
});

/** Words (and amounts joined by no-break spaces, days joined by « / ») that the table's cells split across two lines. */
async function wordsBrokenMidWord(page: Page, table: string): Promise<string[]> {
  return page.evaluate((caption) => {
    const broken: string[] = [];
    const found = [...document.querySelectorAll('table')].find((t) => t.querySelector('caption')?.textContent === caption);
    for (const cell of found?.querySelectorAll('td') ?? []) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // A date (29/11/2026) is one word; an address such as /api/newsletter/subscribers may wrap at its slashes.
        for (const m of (node.textContent ?? '').matchAll(/\d+(?:\/\d+)+|[\p{L}\p{N}’\u00a0\u202f]+/gu)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  }, table);
}

// The outside treasurer's findings: the method stayed « Espèces » for a bank account, and after a save the form kept
// the previous cause and showed the previous proof's name.
describe('the expense form', () => {
  it('takes its method from the account until one is picked, and is blank after a save', async () => {
    const bank = `Banque E2E ${Date.now()}`;
    const page = await browser.newPage(PHONE);
    await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
    await page.goto('/dashboard-administrateur?vue=tresorerie');
    await viewHeading(page, 'Trésorerie').waitFor();
    const accountForm = page.getByRole('form', { name: 'Nouveau compte' });
    await accountForm.getByLabel('Nom du compte').fill(bank);
    await accountForm.getByLabel('Type').selectOption('banque');
    await accountForm.getByLabel('Solde d’ouverture (FCFA)').fill('100 000');
    await accountForm.getByRole('button', { name: 'Créer le compte' }).click();
    await toast(page, 'Compte créé.');
    await page.getByRole('paragraph').filter({ hasText: bank }).waitFor();

    await page.getByRole('button', { name: 'Dépenses', exact: true }).click();
    const form = page.getByRole('form', { name: 'Enregistrer une dépense' });
    const method = form.getByLabel('Moyen de paiement');
    await form.getByLabel('Compte').selectOption({ label: bank });
    await expect.poll(() => method.inputValue()).toBe('virement');
    // A method picked by hand stays when the account changes.
    await method.selectOption('cheque');
    await form.getByLabel('Compte').selectOption({ label: bank });
    expect(await method.inputValue()).toBe('cheque');

    await form.getByLabel('Montant (FCFA)').fill('1 000');
    await form.getByLabel('Catégorie').selectOption('sante');
    await form.getByLabel('Cause servie (facultatif)').selectOption('sante');
    await form.getByLabel('Bénéficiaire').fill('Pharmacie de Cadjèhoun');
    await form.getByLabel('Description').fill('Pansements');
    await form.getByLabel('Justificatif (PDF, JPEG ou PNG, 5 Mo au plus)').setInputFiles({
      name: 'ordonnance.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf(),
    });
    await form.getByText('ordonnance.pdf', { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Enregistrer la dépense' }).click();
    await expect.poll(() => form.getByLabel('Montant (FCFA)').inputValue()).toBe('');
    expect(await form.getByLabel('Cause servie (facultatif)').inputValue()).toBe('');
    expect(await form.getByLabel('Compte').inputValue()).toBe('');
    expect(
      await form.getByLabel('Justificatif (PDF, JPEG ou PNG, 5 Mo au plus)').evaluate((i: HTMLInputElement) => i.files?.length ?? 0),
    ).toBe(0);
    await form.getByText('Aucun fichier choisi', { exact: true }).waitFor();
    expect(await form.getByText('ordonnance.pdf', { exact: true }).count()).toBe(0);
    // The method follows the next account chosen again.
    await form.getByLabel('Compte').selectOption({ label: bank });
    await expect.poll(() => method.inputValue()).toBe('virement');
    assertNoPageErrors(page);
    await page.close();
  });
});

describe('back-office tables at 1280 px and 360 px', () => {
  it('break no word mid-word in the expenses and the audit trail, and the page never scrolls sideways', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 360, height: 740 },
    ]) {
      const page = await browser.newPage({ viewport });
      await loginViaApi(page, E2E_ADMIN.telephone, E2E_ADMIN.password);
      await page.goto('/dashboard-administrateur?vue=tresorerie&onglet=depenses');
      await page.getByRole('table', { name: 'Dépenses' }).getByRole('row').nth(1).waitFor();
      expect(await wordsBrokenMidWord(page, 'Dépenses'), `expenses at ${viewport.width} px`).toEqual([]);
      await noHorizontalScroll(page);
      await page.goto('/dashboard-administrateur?vue=journal');
      await page.getByRole('heading', { name: 'Journal d’audit' }).waitFor();
      await page.getByRole('table').first().getByRole('row').nth(1).waitFor();
      const caption = await page.getByRole('table').first().locator('caption').textContent();
      expect(await wordsBrokenMidWord(page, caption ?? ''), `audit trail at ${viewport.width} px`).toEqual([]);
      await noHorizontalScroll(page);
      assertNoPageErrors(page);
      await page.close();
    }
  });
});

describe('/transparence read as a visitor', () => {
  it('shows raised and spent per cause with a chart, names no donor, and is linked from the footer', async () => {
    const login = await fetch(`${baseURL()}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ telephone: E2E_ADMIN.telephone, password: E2E_ADMIN.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const names = ['Séraphin Kpadonou', 'Clarisse Ahouansou', 'Bienvenu Zinsou'];
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    for (const [i, name] of names.entries()) {
      const res = await fetch(`${baseURL()}/api/admin/offline-payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          kind: 'donation',
          amount: 10_000,
          name,
          telephone: `019788877${i}`,
          method: 'especes',
          reference: `TR-${Date.now()}-${i}`,
          received_at: day,
          purpose: 'logement',
        }),
      });
      expect(res.status).toBe(201);
    }

    const page = await browser.newPage(PHONE);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Transparence financière' }).click();
    await page.waitForURL((url) => url.pathname === '/transparence');
    await page.getByRole('heading', { level: 1, name: 'Transparence financière' }).waitFor();
    const logement = page.locator('li#logement');
    await logement.getByRole('heading', { name: 'Logement' }).waitFor();
    await logement.getByText(formatFcfa(30_000), { exact: true }).first().waitFor();
    // The chart arrives in its own chunk after the figures.
    await logement.locator('.recharts-wrapper').waitFor();
    const text = await page.locator('main').innerText();
    for (const name of names) for (const part of name.split(' ')) expect(text).not.toContain(part);
    expect(text).not.toContain('0197888770');
    await noHorizontalScroll(page);
    await noHorizontalScroll(page);
    const { violations } = await new AxeBuilder({ page }).exclude('.Toastify').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    assertNoPageErrors(page);
  });
});
