// A plain Lighthouse run, as someone outside the project measures the site (issue #43): the Lighthouse 12.8 command line
// through npx (the repository's own 12.8.2 when installed), mobile, default simulated throttling, performance only,
// Debian's Chromium with the flags below, against a server already started the way the README starts it (`npm start`).
// Nothing else: no warm-up, no other categories, no browser opened beforehand.
//
//   node scripts/bench/lighthouse-plain.mjs --base http://localhost:3000 [--runs 5] [--pages /,/connexion] [--out FILE]
//
// Prints, per page, every run's score and TBT and their min / median / max; --out writes them as JSON.
// `npm run bench:web` runs its Lighthouse the same way (scripts/bench/web.mjs).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const PLAIN_CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

/** The action pages of issue #43 (the home page first). */
export const ACTION_PAGES = [
  '/',
  '/connexion',
  '/donation',
  '/paiement',
  '/volontier',
  '/contact',
  '/temoignage',
  '/projet-social',
  '/mot-de-passe-oublie',
  '/engagement/exemple',
  '/evenements',
  '/confidentialite',
  '/transparence',
];

/**
 * One plain run: `npx -y lighthouse@12.8 <url> --output=json …` with CHROME_PATH, its report parsed.
 * `categories` defaults to performance only, as the outside measurement; the benchmark asks for all four.
 */
export async function plainLighthouse(url, { categories = ['performance'], chromePath, ignoreStatusCode = false } = {}) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lh-plain-')), 'report.json');
  try {
    await run(
      'npx',
      [
        '-y',
        'lighthouse@12.8',
        url,
        `--only-categories=${categories.join(',')}`,
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        // Only for the "page non trouvée" (answered 404): without it Lighthouse refuses to measure the page.
        ...(ignoreStatusCode ? ['--ignore-status-code'] : []),
        `--chrome-flags=${PLAIN_CHROME_FLAGS}`,
      ],
      {
        env: { ...process.env, CHROME_PATH: chromePath ?? process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return JSON.parse(fs.readFileSync(out, 'utf8'));
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Score (0–100) and TBT (ms) of each run, with min / median / max. */
export function summarise(runs) {
  const scores = runs.map((r) => r.score);
  const tbts = runs.map((r) => r.tbtMs);
  return {
    runs,
    score: { min: Math.min(...scores), median: median(scores), max: Math.max(...scores) },
    tbtMs: { min: Math.min(...tbts), median: median(tbts), max: Math.max(...tbts) },
  };
}

export const runFigures = (lhr) => ({
  score: Math.round(lhr.categories.performance.score * 100),
  tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
  lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
  load: Number(os.loadavg()[0].toFixed(2)),
});

async function main() {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const base = arg('base', 'http://localhost:3000');
  const runs = Number(arg('runs', 5));
  const pages = arg('pages', ACTION_PAGES.join(',')).split(',').filter(Boolean);
  const outFile = arg('out');
  const result = { base, runs, startedAt: new Date().toISOString(), loadAtStart: os.loadavg(), pages: {} };
  for (const page of pages) {
    const figures = [];
    // Lighthouse's own failures (its « NO_NAVSTART » trace error, a run that exits non-zero) are not the page's:
    // they are counted and shown, and the run is made again, at most twice per page.
    const errors = [];
    while (figures.length < runs) {
      try {
        const lhr = await plainLighthouse(`${base}${page}`);
        if (lhr.runtimeError?.code) throw new Error(lhr.runtimeError.code);
        figures.push(runFigures(lhr));
      } catch (error) {
        // execFile's message repeats the whole command; Lighthouse's own last words are on its standard error.
        const said =
          String(error.stderr ?? '')
            .trim()
            .split('\n')
            .at(-1) || String(error.message ?? error).split('\n')[0];
        errors.push(said.slice(0, 200));
        if (errors.length > 2) throw new Error(`${page}: ${errors.join(' | ')}`);
      }
    }
    const s = { ...summarise(figures), errors };
    result.pages[page] = s;
    console.log(
      `${page.padEnd(22)} score ${figures.map((f) => f.score).join(' / ')} (min ${s.score.min}, median ${s.score.median}); TBT ${figures
        .map((f) => f.tbtMs)
        .join(' / ')} ms (median ${s.tbtMs.median}, max ${s.tbtMs.max}); load ${figures.map((f) => f.load).join(' ')}${
        errors.length ? `; Lighthouse errors, run again: ${errors.join(' | ')}` : ''
      }`,
    );
    if (outFile) fs.writeFileSync(outFile, `${JSON.stringify(result, null, 2)}\n`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
