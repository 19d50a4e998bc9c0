// `npm run dev`: the API with tsx watch on PORT (default 3000) and Vite's dev server on 5173, proxying /api.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib/build-state.mjs';

const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/api/src/server.ts'], { cwd: ROOT, stdio: 'inherit' }),
  spawn(bin('vite'), [], { cwd: ROOT, stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
