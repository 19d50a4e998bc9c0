import { sql } from 'kysely';
import { createDatabase } from '../../apps/api/src/platform/database/database';
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { GENERATED_KEY_FILE } from '../../apps/api/src/platform/storage/encryption-keys';
import { makeKeyring } from '../../apps/api/src/platform/storage/file-encryption';
import { openText, loadSealingKeys } from '../../apps/api/src/platform/storage/sealed-text';
import { e2eDb } from './seed';

// SMS codes as the person reads them. The outbox worker forgets a code as soon as it has handled the message (the
// outbox keeps it masked: docs/product/accounts.md), a race a browser test would lose on a busy machine; so the
// global set-up adds, in the browser tests' database only, a table and a trigger that keep a copy of every code.

/** Run once by e2e/setup/global-setup.ts, after the server has created its database. */
export async function keepSentCodes(file: string): Promise<void> {
  const db = createDatabase({ dialect: 'sqlite', file });
  try {
    await sql`create table if not exists e2e_codes (id integer primary key, to_address text not null, secret text not null)`.execute(db);
    await sql`create trigger if not exists e2e_keep_codes after insert on outbox_messages when new.secret is not null
      begin insert into e2e_codes (to_address, secret) values (new.to_address, new.secret); end`.execute(db);
  } finally {
    await db.destroy();
  }
}

/** The newest code sent by SMS to a telephone (E.164), whether or not the outbox worker has handled it yet. */
export async function sentCode(telephone: string): Promise<string> {
  const { rows } = await sql<{ secret: string }>`select secret from e2e_codes where to_address = ${telephone}
    order by id desc limit 1`.execute(e2eDb());
  if (!rows[0]) throw new Error(`no code sent to ${telephone}`);
  // The outbox keeps codes sealed under the server's key (generated into its DATA_DIR for the browser tests).
  const text = process.env.DATA_ENCRYPTION_KEY || fs.readFileSync(path.join(inject('dataDir'), GENERATED_KEY_FILE), 'utf8');
  const key = Buffer.from(text.trim(), 'base64');
  loadSealingKeys(makeKeyring(key));
  const code = openText(rows[0].secret);
  if (!code) throw new Error(`the code sent to ${telephone} does not open`);
  return code;
}
