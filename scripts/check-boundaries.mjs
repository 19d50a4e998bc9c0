// Refuses a web feature importing another feature (bulletproof-react's one-way rule, DESIGN.md rule 8):
// components/ and lib/ → features/<name>/ → app/. Run by `npm test`; prints each offending import.
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const webDir = path.resolve(import.meta.dirname, '../apps/web/src');
  const problems = findBoundaryViolations(webDir);
  if (problems.length > 0) {
    console.error(
      `Import boundaries broken (a feature may import components/, lib/ and packages/shared only):\n  ${problems.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log('import boundaries: ok');
}
