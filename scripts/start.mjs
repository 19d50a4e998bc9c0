// The start command: `node --max-semi-space-size=2 scripts/start.mjs` (what `npm start` runs). Builds when the
// sources are newer than dist/, then runs the bundled server (migrations run at start) IN THIS PROCESS: no child,
// so what the command leaves running is one Node process, and SIGTERM reaches the server's graceful shutdown
// directly. The build runs as a short-lived child that has exited before the server starts.
// `--dist DIR` runs another build folder (the process test uses the reliability suite's private build).
// Deployments may also run the bundle directly: `node --max-semi-space-size=2 --enable-source-maps dist/api/server.mjs`.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, isBuildFresh } from './lib/build-state.mjs';

const distArg = process.argv.indexOf('--dist');
const dist = distArg > 0 ? path.resolve(process.argv[distArg + 1]) : path.join(ROOT, 'dist');
if (distArg < 0 && !isBuildFresh()) execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' });

// Relative settings (DATA_DIR=./data) mean the same wherever the command is typed, as with the former child's cwd.
process.chdir(ROOT);
// What `node --enable-source-maps` does: stack traces point at the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(dist, 'api/server.mjs')).href);
