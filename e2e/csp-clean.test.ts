import { describe, expect, it } from 'vitest';
import { assertNoPageErrors, setupBrowser } from './helpers/browser';

const browser = setupBrowser();

// Chromium reported a Content-Security-Policy violation on every page with a form (zod 4 probing `new Function`):
// Lighthouse's best practices counted it. The pages now run under the CSP without any report.
describe('no Content-Security-Policy violation', () => {
  it('on the public pages with forms, once hydrated and a form checked', async () => {
    for (const path of ['/contact', '/donation', '/connexion', '/volontier', '/page-inexistante']) {
      const page = await browser.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { cspViolations: string[] };
        w.cspViolations = [];
        document.addEventListener('securitypolicyviolation', (e) => w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
      });
      await page.goto(path);
      await page.waitForSelector('html[data-hydrated="true"]');
      // A form's schema runs on submit too.
      const submit = page.locator('main form button[type="submit"]').first();
      if (await submit.count()) await submit.click();
      await page.waitForTimeout(200);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
      assertNoPageErrors(page);
      await page.context().close();
    }
  });
});
