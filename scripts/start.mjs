// `npm start`: build when the sources are newer than dist/, then run the bundled server (migrations run at start).
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, isBuildFresh } from './lib/build-state.mjs';

if (!isBuildFresh()) execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' });

const child = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, 'dist/api/server.mjs')], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
