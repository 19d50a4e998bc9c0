// `npm run restore -- BACKUP_DIR`: puts a backup written by `npm run backup` back in place. Stop the server first.
// Nothing is deleted: the current database and uploads are moved aside (`*.avant-restauration-<date>`) so a
// mistaken restore can itself be undone. The snapshot is checked (checksum, SQLite integrity) before anything moves.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { type Config, loadConfigOrExit } from '../apps/api/src/platform/config';
import { type BackupManifest, copyUploads, MANIFEST } from './backup';

export function restoreBackup(config: Config, from: string, now = new Date()): BackupManifest {
  const manifestFile = path.join(from, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new Error(`${from} n’est pas une sauvegarde (manifest.json absent)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.dialect !== config.database.dialect) {
    throw new Error(`sauvegarde ${manifest.dialect} mais DATABASE_URL désigne ${config.database.dialect}`);
  }
  const snapshot = path.join(from, manifest.database);
  const digest = createHash('sha256').update(fs.readFileSync(snapshot)).digest('hex');
  if (digest !== manifest.databaseSha256) throw new Error('la copie de la base ne correspond pas à son empreinte (fichier altéré)');
  const suffix = `.avant-restauration-${now.toISOString().replace(/[:.]/g, '-')}`;

  if (config.database.dialect === 'sqlite') {
    const check = new Database(snapshot, { readonly: true });
    try {
      if (check.pragma('integrity_check', { simple: true }) !== 'ok') throw new Error('la copie de la base est corrompue');
    } finally {
      check.close();
    }
    const target = config.database.file;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    // Copy next to the target first, then rename: the live name is never a half-copied file.
    const incoming = `${target}.restauration`;
    fs.copyFileSync(snapshot, incoming);
    if (fs.existsSync(target)) fs.renameSync(target, target + suffix);
    for (const side of ['-wal', '-shm']) {
      if (fs.existsSync(target + side)) fs.renameSync(target + side, target + suffix + side);
    }
    fs.renameSync(incoming, target);
  } else {
    execFileSync('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${config.database.url}`, snapshot], { stdio: 'inherit' });
  }

  const uploads = path.join(config.dataDir, 'uploads');
  const staged = `${uploads}.restauration`;
  fs.rmSync(staged, { recursive: true, force: true });
  copyUploads(path.join(from, 'uploads'), staged);
  fs.mkdirSync(staged, { recursive: true });
  if (fs.existsSync(uploads)) fs.renameSync(uploads, uploads + suffix);
  fs.renameSync(staged, uploads);
  return manifest;
}

function main() {
  const config = loadConfigOrExit();
  const from = process.argv[2];
  if (!from) {
    console.error('Usage : npm run restore -- DOSSIER_DE_SAUVEGARDE (arrêtez le serveur avant)');
    process.exit(1);
  }
  const m = restoreBackup(config, path.resolve(from));
  console.log(`Sauvegarde du ${m.createdAt} restaurée (${m.uploads.files} fichiers téléversés). Vous pouvez redémarrer le serveur.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    main();
  } catch (error) {
    console.error(`Restauration impossible : ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
