import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '../../src/platform/database/database';
import { openText } from '../../src/platform/storage/sealed-text';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { type SeededPerson, seedPerson } from './fixtures';

// docs/product/personal-data.md: an erasure leaves no copy (no table keeps the name, telephone or e-mail;
// consents keep a keyed hash; SQLite zeroes freed content and checkpoints its WAL), the person is told before their
// address goes, and one-time codes never rest in clear (hashed for checking, sealed in the outbox until sent).

let t: TestApp;
let admin: SeededUser;
let victim: SeededPerson;
let other: SeededPerson;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  victim = await seedPerson(t, 'vicky', '96737373');
  other = await seedPerson(t, 'otto', '96747474');
  // The payment stand-in's copy of the payer's name, and an audit entry elsewhere naming the telephone.
  await t.db.updateTable('donations').set({ transaction_id: 'sbx_victim' }).where('id', '=', victim.donationId).execute();
  const now = new Date().toISOString();
  await t.db
    .insertInto('sandbox_transactions')
    .values({
      id: 'sbx_victim',
      amount: 5_000,
      currency: 'XOF',
      description: 'Don',
      customer_name: victim.name,
      status: 'approved',
      return_url: '/donation',
      checkout_key_hash: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.db
    .insertInto('audit_log')
    .values({
      actor_user_id: admin.id,
      action: 'user.telephone',
      entity: 'other',
      entity_id: '0',
      details: JSON.stringify({ telephone: victim.telephone, email: victim.email }),
      created_at: now,
      ip: null,
      before_state: null,
      after_state: null,
    })
    .execute();
});
afterAll(async () => t?.close());

const outboxTo = (address: string) =>
  t.db.selectFrom('outbox_messages').select(['id', 'secret', 'body', 'status']).where('to_address', '=', address).orderBy('id').execute();

/** Every row of every table, as text. */
async function everyRow(): Promise<Map<string, string>> {
  const tables = isPostgres(t.db)
    ? (
        await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
          t.db,
        )
      ).rows
    : (
        await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%_search%'`.execute(t.db)
      ).rows;
  const out = new Map<string, string>();
  for (const { name } of tables) {
    const rows = (await sql`select * from ${sql.table(name)}`.execute(t.db)).rows;
    out.set(name, JSON.stringify(rows));
  }
  return out;
}

function databaseFiles(): Buffer[] {
  if (t.config.database.dialect !== 'sqlite') return [];
  const file = t.config.database.file;
  return [file, `${file}-wal`, `${file}-shm`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f));
}

describe('erasure leaves no copy', () => {
  it('the person is told, then no table and no database file holds their name, telephone or e-mail', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/requests',
      payload: { kind: 'effacement', telephone: victim.telephone, details: 'Effacez tout.' },
    });
    const code = openText((await outboxTo(victim.telephone)).filter((r) => r.secret).at(-1)!.secret)!;
    const { id } = created.json();
    expect((await t.app.inject({ method: 'POST', url: `/api/privacy/requests/${id}/verify`, payload: { code } })).statusCode).toBe(200);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/admin/privacy-requests/${id}/fulfil`,
      headers: bearer(admin.token),
      payload: {},
    });
    expect(done.statusCode).toBe(200);

    // Told by SMS and e-mail before the address goes; the notice is the one message left to them.
    const sms = await outboxTo(victim.telephone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain('vos données personnelles ont été effacées');
    expect(await outboxTo(victim.email)).toHaveLength(1);
    await t.app.messages.worker.runOnce();
    expect(await outboxTo(victim.telephone)).toEqual([]);

    // (The fixture's receipt number repeats the digits: the national spelling is searched whole.)
    const needles = [victim.name, victim.email, victim.telephone, '0196737373'];
    for (const [table, text] of await everyRow())
      for (const needle of needles) {
        const i = text.indexOf(needle);
        expect(i, `${table} holds ${needle}: ${text.slice(Math.max(0, i - 300), i + 100)}`).toBe(-1);
      }
    // The other person is untouched.
    const rows = [...(await everyRow()).values()].join('\n');
    expect(rows).toContain(other.name);
    expect(rows).toContain(other.email);
    // Consents keep a keyed hash of the address in its place.
    const consents = await t.db.selectFrom('consents').select(['telephone', 'email']).where('email', 'like', 'hmac:%').execute();
    expect(consents.length).toBeGreaterThan(0);
    // The same address still finds its history (an objection stays honoured), without the address being kept.
    const history = await t.app.inject({ method: 'GET', url: `/api/admin/consents?email=${victim.email}`, headers: bearer(admin.token) });
    expect(history.json().length).toBe(consents.length);
    expect(history.body).not.toContain(victim.email);
    // The database files: freed pages zeroed (secure_delete), the WAL checkpointed and truncated.
    for (const bytes of databaseFiles())
      for (const needle of needles) expect(bytes.includes(Buffer.from(needle)), `a database file holds ${needle}`).toBe(false);
  });
});

describe('one-time codes never rest in clear', () => {
  it('after a code request, neither a table nor a database file holds the code', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { telephone: other.telephone } });
    expect(res.statusCode).toBe(202);
    const [row] = (await outboxTo(other.telephone)).filter((r) => r.secret);
    const code = openText(row!.secret)!;
    expect(code).toMatch(/^\d{6}$/);
    expect(row!.secret).not.toContain(code);
    const isolated = new RegExp(`(^|\\D)${code}(\\D|$)`);
    for (const [table, text] of await everyRow()) expect(isolated.test(text), `${table} holds the code`).toBe(false);
    for (const bytes of databaseFiles()) expect(isolated.test(bytes.toString('latin1')), 'a database file holds the code').toBe(false);
    // Sent, the sealed copy goes too.
    await t.app.messages.worker.runOnce();
    expect((await outboxTo(other.telephone)).every((r) => r.secret === null)).toBe(true);
  });
});
