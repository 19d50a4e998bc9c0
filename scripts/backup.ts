// `npm run backup [-- DEST]`: a consistent snapshot of the database and the uploaded files while the server runs.
//
// SQLite: SQLite's online backup API (through better-sqlite3) copies a transaction-consistent image page by page
// without stopping writers. Uploads are write-once files under random keys, written before the row that names
// them is committed, so copying them AFTER the database snapshot covers every file the snapshot refers to.
// PostgreSQL: `pg_dump --format=custom` of DATABASE_URL (needs the PostgreSQL client tools), then the same uploads copy.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { type Config, loadConfigOrExit } from '../apps/api/src/platform/config';

export interface BackupManifest {
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  database: string;
  databaseSha256: string;
  uploads: { files: number; bytes: number };
}

export const MANIFEST = 'manifest.json';
export const SQLITE_SNAPSHOT = 'association.sqlite';
export const PG_DUMP = 'database.dump';

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** Copies DATA_DIR/uploads (minus the temporary folder of half-written files) into dest/uploads. */
export function copyUploads(from: string, to: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  const walk = (dir: string, out: string) => {
    if (!fs.existsSync(dir)) return;
    fs.mkdirSync(out, { recursive: true });
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === '.tmp' || entry.name.endsWith('.part')) continue;
      const src = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(src, path.join(out, entry.name));
      else if (entry.isFile()) {
        fs.copyFileSync(src, path.join(out, entry.name));
        files += 1;
        bytes += fs.statSync(src).size;
      }
    }
  };
  walk(from, to);
  return { files, bytes };
}

export async function createBackup(config: Config, dest: string): Promise<BackupManifest> {
  fs.mkdirSync(dest, { recursive: true });
  if (fs.readdirSync(dest).length > 0) throw new Error(`le dossier de sauvegarde n’est pas vide : ${dest}`);
  let database: string;
  if (config.database.dialect === 'sqlite') {
    if (!fs.existsSync(config.database.file)) throw new Error(`base introuvable : ${config.database.file}`);
    database = path.join(dest, SQLITE_SNAPSHOT);
    const source = new Database(config.database.file, { fileMustExist: true });
    try {
      source.pragma('busy_timeout = 10000');
      await source.backup(database);
    } finally {
      source.close();
    }
    const check = new Database(database, { readonly: true });
    try {
      const result = check.pragma('integrity_check', { simple: true });
      if (result !== 'ok') throw new Error(`la copie ne passe pas le contrôle d’intégrité : ${String(result)}`);
    } finally {
      check.close();
    }
  } else {
    database = path.join(dest, PG_DUMP);
    execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${database}`, config.database.url], { stdio: 'inherit' });
  }
  const uploads = copyUploads(path.join(config.dataDir, 'uploads'), path.join(dest, 'uploads'));
  const manifest: BackupManifest = {
    createdAt: new Date().toISOString(),
    dialect: config.database.dialect,
    database: path.basename(database),
    databaseSha256: sha256(database),
    uploads,
  };
  fs.writeFileSync(path.join(dest, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export function defaultBackupDir(now = new Date()): string {
  return path.resolve('backups', now.toISOString().replace(/[:.]/g, '-'));
}

async function main() {
  const config = loadConfigOrExit();
  const dest = path.resolve(process.argv[2] ?? defaultBackupDir());
  const m = await createBackup(config, dest);
  console.log(
    `Sauvegarde écrite dans ${dest} (${m.dialect}, ${m.uploads.files} fichiers téléversés, ${Math.round(m.uploads.bytes / 1024)} Ko).`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(`Sauvegarde impossible : ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
