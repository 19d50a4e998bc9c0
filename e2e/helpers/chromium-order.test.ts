import { describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM, findChromium } from './chromium.mjs';

// The order a newcomer's machine relies on: CHROMIUM_PATH, Debian's Chromium, then the npm package's own Chromium.
describe('findChromium', () => {
  it('takes CHROMIUM_PATH first', async () => {
    const found = await findChromium({ CHROMIUM_PATH: '/opt/chrome' }, () => true);
    expect(found).toMatchObject({ executablePath: '/opt/chrome', source: 'CHROMIUM_PATH' });
  });

  it("takes Debian's Chromium when present and no path is given", async () => {
    const found = await findChromium({}, (p) => p === DEBIAN_CHROMIUM);
    expect(found).toMatchObject({ executablePath: DEBIAN_CHROMIUM, source: 'debian' });
  });

  it('falls back to the Chromium inside @sparticuz/chromium, unpacked to an executable file', async () => {
    const found = await findChromium({}, () => false);
    expect(found.source).toBe('npm');
    const fs = await import('node:fs');
    expect(fs.statSync(found.executablePath).mode & 0o111).not.toBe(0);
    expect(found.args).not.toContain('--single-process');
  });

  it('CHROMIUM_SOURCE=npm forces the npm Chromium even when the others exist', async () => {
    const found = await findChromium({ CHROMIUM_SOURCE: 'npm', CHROMIUM_PATH: '/opt/chrome' }, () => true);
    expect(found.source).toBe('npm');
  });
});
