// The inline scripts the server's Content-Security-Policy allows, by their SHA-256: the build lists them in
// CSP_SCRIPT_HASHES_FILE, which apps/api/src/app.ts reads into script-src (apps/api/src/platform/http/security.ts).
// Any other inline script stays refused.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const CSP_SCRIPT_HASHES_FILE = 'csp-script-hashes.json';

/** Adds `script` (the exact text between its tags) to the allowed inline scripts of the build in webDir. */
export function allowInlineScript(webDir, script) {
  if (/<\/script|<!--/i.test(script)) throw new Error('Ce script ne peut pas être inclus dans la page.');
  const file = path.join(webDir, CSP_SCRIPT_HASHES_FILE);
  const hashes = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
  const hash = `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
  if (!hashes.includes(hash)) hashes.push(hash);
  fs.writeFileSync(file, JSON.stringify(hashes));
  return hash;
}
