// `node scripts/bench/back-office.mjs`: the back-office table of `npm run bench:web` alone (scripts/bench/lib/back-office.mjs).
import { runBackOfficeBench } from './lib/back-office.mjs';
import { updateReadme, writeJson } from './lib/report.mjs';

const result = await runBackOfficeBench();
console.log(`\n${result.markdown}\n`);
writeJson('back-office.json', { ...result, markdown: undefined });
if (!process.argv.includes('--no-readme')) updateReadme('back-office', result.markdown);
