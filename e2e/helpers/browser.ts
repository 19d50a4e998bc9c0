import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
// CHROMIUM_PATH, Debian's Chromium, or the one inside the @sparticuz/chromium npm package (e2e/helpers/chromium.mjs).
import { E2E_ADMIN } from './constants';
import { launchChromium } from './chromium.mjs';

export const baseURL = () => inject('baseURL');

/**
 * One browser per test file. Each test opens its own context (fresh localStorage).
 * Any console error or uncaught page error fails the test that caused it.
 */
export function setupBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newPage(
      options: {
        viewport?: { width: number; height: number };
        allowConsoleErrors?: boolean;
        javaScriptEnabled?: boolean;
        /** A touch phone (isMobile, hasTouch): the back-office journeys at 360 × 740 (issue #18). */
        touch?: boolean;
      } = {},
    ): Promise<Page> {
      const context = await browser.newContext({
        baseURL: baseURL(),
        viewport: options.viewport ?? { width: 1280, height: 800 },
        ...(options.touch ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
        locale: 'fr-FR',
        javaScriptEnabled: options.javaScriptEnabled ?? true,
      });
      contexts.push(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      if (!options.allowConsoleErrors) {
        page.on('console', (m) => {
          // Failed network calls the test provokes on purpose (401/404/422) show up as console errors in Chromium.
          if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
        });
      }
      (page as Page & { assertNoErrors: () => void }).assertNoErrors = () => {
        if (errors.length) throw new Error(`Erreurs dans la page : ${errors.join(' | ')}`);
      };
      return page;
    },
  };
}

export function assertNoPageErrors(page: Page): void {
  (page as Page & { assertNoErrors?: () => void }).assertNoErrors?.();
}

/** Logs in through the API and stores the session like the login page does. */
export async function loginViaApi(
  page: Page,
  telephone: string,
  password: string,
): Promise<{ token: string; user: { id: number; role: string } }> {
  const res = await fetch(`${baseURL()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ telephone, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: { id: number; role: string; first_login: boolean } };
  await page.goto('/unauthorized');
  await page.evaluate((b) => {
    localStorage.setItem('token', b.token);
    localStorage.setItem('role', b.user.role);
    localStorage.setItem('user_id', String(b.user.id));
    localStorage.setItem('is_first_login', String(b.user.first_login));
  }, body);
  return body;
}

/** The seeded administrator's token, for set-up calls made through the API. */
/** A JSON call to the e2e server's API (POST when there is a body); throws with the answer when it is not 2xx. */
export async function callApi<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${baseURL()}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A published event created by the administrator, free and a week ahead unless `fields` say otherwise. */
export async function createE2eEvent(token: string, fields: { title: string; startsIn?: number } & Record<string, unknown>) {
  const { startsIn = 7 * 24 * 3600_000, ...rest } = fields;
  const start = Date.now() + startsIn;
  return callApi<{ id: number }>('/admin/events', {
    token,
    body: {
      description: 'Une matinée de dépistage et de conseils.',
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(start + 4 * 3600_000).toISOString(),
      place: 'Maison des jeunes, Akpakpa',
      capacity: 30,
      price_member: 0,
      price_public: 0,
      published: true,
      ...rest,
    },
  });
}

export async function adminToken(): Promise<string> {
  const res = await fetch(`${baseURL()}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ telephone: E2E_ADMIN.telephone, password: E2E_ADMIN.password }),
  });
  return ((await res.json()) as { token: string }).token;
}
