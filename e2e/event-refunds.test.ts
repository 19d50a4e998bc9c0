import { describe, expect, it } from 'vitest';
import { adminToken, assertNoPageErrors, baseURL, callApi, createE2eEvent, setupBrowser } from './helpers/browser';

// A paid ticket cancelled from /billet: the holder is told the association will refund, and the administrator's
// registrations of the event list the refund to make (attacker probe M3).

const browser = setupBrowser();
const PHONE = { width: 360, height: 740 };

const call = callApi;

describe('a paid ticket cancelled at 360 px', () => {
  it('warns the holder of the refund, and shows the administrator the refund to make', async () => {
    const admin = await adminToken();
    const title = `Gala payant ${Date.now()}`;
    const event = await createE2eEvent(admin, { title, startsIn: 6 * 24 * 3600_000, capacity: 10, price_member: 2000, price_public: 2000 });
    const registration = await call<{ id: number; checkout_url: string; ticket_url: string }>(`/events/${event.id}/registrations`, {
      body: { name: 'Rémi Payeur', telephone: '0197554470', seats: 1 },
    });
    // The provider approves (the simulator's page).
    const approved = await fetch(`${baseURL()}${registration.checkout_url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=approved',
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);

    const ticket = await browser.newPage({ viewport: PHONE, touch: true });
    await ticket.goto(registration.ticket_url.replace(/^https?:\/\/[^/]+/, ''));
    await ticket.getByTestId('ticket-status').filter({ hasText: 'Confirmée' }).waitFor();
    let question = '';
    ticket.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await ticket.getByRole('button', { name: 'Annuler mon inscription' }).click();
    await ticket.getByTestId('ticket-status').filter({ hasText: 'Annulée' }).waitFor();
    expect(question).toBe('Annuler cette inscription\u00a0? L’association vous remboursera 2\u00a0000\u00a0FCFA.');
    assertNoPageErrors(ticket);

    const page = await browser.newPage({ viewport: PHONE, touch: true });
    await page.goto('/unauthorized');
    await page.evaluate((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('role', 'administrateur');
      localStorage.setItem('is_first_login', 'false');
    }, admin);
    await page.goto('/dashboard-administrateur?vue=evenements');
    const row = page.locator('li', { hasText: title }).first();
    await row.getByText('Inscriptions et liste d’attente').click();
    await row.getByText('Remboursements à faire (1 inscription)').waitFor();
    expect(await row.getByTestId(`refund-${registration.id}`).innerText()).toBe('Remboursement à faire\u00a0: 2\u00a0000\u00a0FCFA');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    assertNoPageErrors(page);
  });
});
