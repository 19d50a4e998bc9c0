// The one place that finds and launches a browser, for the e2e tests (e2e/helpers/browser.ts), `npm run bench:web`
// and any script that needs one. Order: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the Chromium that the
// @sparticuz/chromium devDependency carries inside its npm tarball (unpacked to the temporary folder on first use),
// so `npm ci && npm test` needs nothing but Node and npm. CHROMIUM_SOURCE=npm skips the first two (to prove that path).
import fs from 'node:fs';
import { chromium } from 'playwright-core';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Quick, quiet start on a closed network; no sandbox (containers and CI run as root). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Of @sparticuz/chromium's own serverless flags only those its build needs to start outside AWS Lambda: not
// --single-process or --disable-web-security, which would change what the tests observe.
const NPM_CHROMIUM_FLAGS = ['--no-zygote', '--use-gl=angle', '--use-angle=swiftshader', '--in-process-gpu'];

/**
 * Which browser to use: { executablePath, args, source }. `env` and `exists` are parameters so the order can be
 * unit-tested (e2e/helpers/chromium.test.ts).
 */
export async function findChromium(env = process.env, exists = fs.existsSync) {
  const forceNpm = env.CHROMIUM_SOURCE === 'npm';
  if (env.CHROMIUM_PATH && !forceNpm) return { executablePath: env.CHROMIUM_PATH, args: CHROMIUM_FLAGS, source: 'CHROMIUM_PATH' };
  if (!forceNpm && exists(DEBIAN_CHROMIUM)) return { executablePath: DEBIAN_CHROMIUM, args: CHROMIUM_FLAGS, source: 'debian' };
  const { default: npmChromium } = await import('@sparticuz/chromium');
  const executablePath = await npmChromium.executablePath();
  return { executablePath, args: [...CHROMIUM_FLAGS, ...NPM_CHROMIUM_FLAGS], source: 'npm' };
}

/** playwright-core's chromium.launch with the browser found above, headless. */
export async function launchChromium(options = {}) {
  const found = await findChromium();
  return chromium.launch({ executablePath: found.executablePath, args: found.args, headless: true, ...options });
}
