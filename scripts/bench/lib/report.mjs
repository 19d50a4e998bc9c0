// Writes bench-results/*.json and replaces one sub-block of docs/benchmarks.md
// (between <!-- bench:start --> and <!-- bench:end -->; the API and web figures each keep their own block).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../lib/build-state.mjs';

export function machine() {
  let commit = null;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {}
  return {
    nproc: os.availableParallelism?.() ?? os.cpus().length,
    cpu: os.cpus()[0]?.model?.trim() ?? 'inconnu',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    commit,
    // The machine may be shared (CI runners, several developers): the load says how far to trust the figures.
    loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))),
    date: new Date().toISOString(),
  };
}

export const machineLine = (m) =>
  `Machine: ${m.nproc} cores (${m.cpu}), ${m.memoryGb} GB, Node ${m.node}, ${m.platform}; load average 1/5/15 min at start ${m.loadAverage.join(' / ')}; commit ${m.commit ?? '?'}, ${m.date.slice(0, 16).replace('T', ' ')} UTC.`;

export function writeJson(name, data) {
  const dir = path.join(ROOT, 'bench-results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), `${JSON.stringify(data, null, 2)}\n`);
}

export function markdownTable(headers, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Replaces the `kind` block ('api', 'scale', 'web', 'back-office' or 'notes') inside docs/benchmarks.md, keeping the others. */
export function updateReadme(kind, markdown) {
  const file = path.join(ROOT, 'docs/benchmarks.md');
  const readme = fs.readFileSync(file, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const a = readme.indexOf(start);
  const b = readme.indexOf(end);
  if (a < 0 || b < a) {
    console.warn('docs/benchmarks.md has no benchmark markers: section not updated');
    return;
  }
  const section = readme.slice(a + start.length, b);
  const blocks = {};
  for (const k of ['api', 'start', 'scale', 'web', 'back-office', 'notes']) {
    const m = section.match(new RegExp(`<!-- bench:${k} -->([\\s\\S]*?)<!-- /bench:${k} -->`));
    if (m) blocks[k] = m[1].trim();
  }
  blocks[kind] = markdown.trim();
  const placeholder = (k) =>
    k === 'notes' || k === 'scale' || k === 'start' ? null : `Not measured yet: run \`npm run ${k === 'api' ? 'bench' : 'bench:web'}\`.`;
  // 'start' (issue #32, `npm run bench:start`: the public reads as the start command runs them) and 'scale' (issue #14,
  // written by `npm run bench`'s third part) follow 'api'; 'back-office' (issue #20) sits
  // after 'web', both written by `npm run bench:web`.
  // The `notes` block (budgets met or missed, and why) is written by hand and kept across runs.
  const body = ['api', 'start', 'scale', 'web', 'back-office', 'notes']
    .filter((k) => blocks[k] ?? placeholder(k))
    .map((k) => `<!-- bench:${k} -->\n${blocks[k] ?? placeholder(k)}\n<!-- /bench:${k} -->`)
    .join('\n\n');
  fs.writeFileSync(file, `${readme.slice(0, a + start.length)}\n${body}\n${readme.slice(b)}`);
}
