import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, baseURL, setupBrowser } from './helpers/browser';
import { E2E_ADMIN } from './helpers/constants';

// A paid ticket cancelled from /billet: the holder is told the association will refund, and the administrator's
// registrations of the event list the refund to make (attacker probe M3).

const browser = setupBrowser();
const PHONE = { width: 360, height: 740 };

async function call<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseURL()}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

describe('a paid ticket cancelled at 360 px', () => {
  it('warns the holder of the refund, and shows the administrator the refund to make', async () => {
    const admin = (await call<{ token: string }>('/login', { body: { telephone: E2E_ADMIN.telephone, password: E2E_ADMIN.password } }))
      .token;
    const start = Date.now() + 6 * 24 * 3600_000;
    const title = `Gala payant ${Date.now()}`;
    const event = await call<{ id: number }>('/admin/events', {
      token: admin,
      body: {
        title,
        description: 'Un dîner de collecte.',
        starts_at: new Date(start).toISOString(),
        ends_at: new Date(start + 3 * 3600_000).toISOString(),
        place: 'Hôtel du Lac, Cotonou',
        capacity: 10,
        price_member: 2000,
        price_public: 2000,
        published: true,
      },
    });
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
