// `node scripts/bench/back-office.mjs`: the back-office table of `npm run bench:web` alone (scripts/bench/lib/back-office.mjs).
import { runBackOfficeBench } from './lib/back-office.mjs';
import { updateReadme, writeJson } from './lib/report.mjs';

// `--before DIR`: first the same measure on another build (e.g. an older commit built with `--out DIR`), for docs/benchmarks.md.
const beforeArg = process.argv.indexOf('--before');
if (beforeArg > 0) {
  const before = await runBackOfficeBench({ buildDir: process.argv[beforeArg + 1] });
  console.log(`\nAVANT (${process.argv[beforeArg + 1]}) :\n${before.markdown}\n`);
  writeJson('back-office-before.json', { ...before, markdown: undefined });
}
const result = await runBackOfficeBench();
console.log(`\n${result.markdown}\n`);
writeJson('back-office.json', { ...result, markdown: undefined });
if (!process.argv.includes('--no-readme')) updateReadme('back-office', result.markdown);
