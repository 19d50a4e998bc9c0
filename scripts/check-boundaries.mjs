// Import boundaries, run by `npm test` (npm run lint); prints each offending import.
// Web: a feature never imports another feature (bulletproof-react's one-way rule, docs/product/design.md rule 8):
// components/ and lib/ → features/<name>/ → app/.
// API (findApiBoundaryViolations): platform/ never imports modules/; a module file imports platform/, the shared
// package, its own module's files and other modules' index.ts only; only data-access files (modules/<area>/data.ts,
// modules/<area>/data/*.ts, platform/database/**) build queries. docs/architecture.md explains the layout.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const importPattern = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry.name)) yield full;
  }
}

/** Every import that crosses a boundary in the web app rooted at `webDir` (apps/web/src), as readable lines. */
export function findBoundaryViolations(webDir) {
  const features = path.join(webDir, 'features');
  const featureOf = (file) => {
    const rel = path.relative(features, file);
    return rel.startsWith('..') ? null : rel.split(path.sep)[0];
  };
  const resolve = (from, spec) => {
    if (spec.startsWith('@web/')) return path.join(webDir, spec.slice(5));
    if (spec.startsWith('.')) return path.resolve(path.dirname(from), spec);
    return null; // a package
  };
  const problems = [];
  for (const file of sourceFiles(webDir)) {
    const own = featureOf(file);
    const layer = path.relative(webDir, file).split(path.sep)[0];
    const isLowerLayer = layer === 'components' || layer === 'lib';
    const name = path.relative(webDir, file);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(importPattern)) {
      const spec = m[1] ?? m[2];
      const target = resolve(file, spec);
      if (!target) continue;
      const theirs = featureOf(target);
      if (theirs === null) {
        if (isLowerLayer && path.relative(webDir, target).split(path.sep)[0] === 'app') problems.push(`${name} imports app/ (${spec})`);
      } else if (isLowerLayer) problems.push(`${name} (shared layer) imports feature ${theirs} (${spec})`);
      else if (own !== null && own !== theirs) problems.push(`${name} (feature ${own}) imports feature ${theirs} (${spec})`);
    }
  }
  return problems;
}

const QUERY_BUILDER =
  /\.(selectFrom|insertInto|updateTable|deleteFrom)\s*\(|\bsql\s*(<[^>]*>)?\s*`|\bsql\.(raw|ref|lit|id|table|join|val)\s*\(/;

/** The file an import names: `x.ts`, `x/index.ts`, or the path itself when neither exists. */
function resolveTs(target) {
  for (const candidate of [`${target}.ts`, path.join(target, 'index.ts'), target]) if (fs.existsSync(candidate)) return candidate;
  return `${target}.ts`;
}

/**
 * Every boundary the API rooted at `apiDir` (apps/api/src) breaks, as readable lines: imports that run from
 * platform/ into modules/, a module reaching into another module's files instead of its index.ts, and query
 * building (selectFrom, insertInto, updateTable, deleteFrom, sql`…`) outside the data-access files.
 */
export function findApiBoundaryViolations(apiDir) {
  const modulesDir = path.join(apiDir, 'modules');
  const platformDir = path.join(apiDir, 'platform');
  const inside = (dir, file) => !path.relative(dir, file).startsWith('..');
  const moduleOf = (file) => (inside(modulesDir, file) ? path.relative(modulesDir, file).split(path.sep)[0] : null);
  const isDataAccess = (file) => {
    if (inside(path.join(platformDir, 'database'), file)) return true; // connection, migrations, list versions
    const area = moduleOf(file);
    if (area === null) return false;
    const rel = path.relative(path.join(modulesDir, area), file).split(path.sep);
    return rel[0] === 'data.ts' || rel[0] === 'data';
  };
  const problems = [];
  for (const file of sourceFiles(apiDir)) {
    const name = path.relative(apiDir, file);
    const text = fs.readFileSync(file, 'utf8');
    const own = moduleOf(file);
    const inPlatform = inside(platformDir, file);
    if ((own !== null || inPlatform) && !isDataAccess(file)) {
      const lines = text.split('\n');
      if (/^import\s+(?!type\s)[^;]*from\s+['"]kysely['"]/m.test(text))
        problems.push(`${name} imports the query builder (kysely) outside a data-access file`);
      lines.forEach((line, i) => {
        if (QUERY_BUILDER.test(line) && !/^\s*(\/\/|\*)/.test(line))
          problems.push(`${name}:${i + 1} builds a query outside a data-access file: ${line.trim()}`);
      });
    }
    for (const m of text.matchAll(importPattern)) {
      const spec = m[1] ?? m[2];
      if (!spec.startsWith('.')) continue; // packages and @shared/…
      const target = resolveTs(path.resolve(path.dirname(file), spec));
      if (!inside(apiDir, target)) {
        if (/\.test\.ts$/.test(file)) continue; // unit tests beside the code may use the test helpers
        problems.push(`${name} imports outside apps/api/src (${spec}): use @shared/… for the shared package`);
        continue;
      }
      const theirs = moduleOf(target);
      if (theirs === null) continue; // platform/ or the composition root
      if (inPlatform) problems.push(`${name} (platform) imports module ${theirs} (${spec})`);
      else if (theirs !== own && path.relative(path.join(modulesDir, theirs), target) !== 'index.ts') {
        problems.push(`${name} ${own ? `(module ${own}) ` : ''}reaches into module ${theirs}'s internals (${spec}): import its index.ts`);
      }
    }
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const webDir = path.resolve(import.meta.dirname, '../apps/web/src');
  const apiDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../apps/api/src'));
  const problems = findBoundaryViolations(webDir);
  const apiProblems = findApiBoundaryViolations(apiDir);
  if (problems.length > 0) {
    console.error(
      `Import boundaries broken (a feature may import components/, lib/ and packages/shared only):\n  ${problems.join('\n  ')}`,
    );
  }
  if (apiProblems.length > 0) {
    console.error(
      `API boundaries broken (a module imports platform/, @shared/…, its own files and other modules' index.ts; only data-access files build queries; platform/ never imports a module):\n  ${apiProblems.join('\n  ')}`,
    );
  }
  if (problems.length > 0 || apiProblems.length > 0) process.exit(1);
  console.log('import boundaries: ok');
}
