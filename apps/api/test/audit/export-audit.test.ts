import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { nowIso } from '../../src/platform/database/database';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// Issue 25 rows 10 and 13 (docs/product/accounts.md): every CSV export and year-end receipt download is in
// the audit trail (who, which list, which filters, how many rows); a client aborting an export logs no error.

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t?.close());

const auditOf = (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

describe('exports in the audit trail', () => {
  it('records who exported which list with which filters and how many rows', async () => {
    await seedUser(t, 'membre');
    await seedUser(t, 'membre');
    const res = await t.app.inject({ method: 'GET', url: '/api/users?format=csv&role=membre', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n').length - 1;
    const [entry] = await auditOf('export.csv');
    expect(entry).toMatchObject({ actor_user_id: admin.id, entity: 'export', entity_id: '/api/users' });
    expect(JSON.parse(entry!.details!)).toMatchObject({ list: '/api/users', filters: { role: 'membre' }, rows: lines, complete: true });
    expect(lines).toBeGreaterThanOrEqual(2);
  });

  it('records a year-end receipt download', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/offline-payments',
      headers: bearer(admin.token),
      payload: {
        kind: 'donation',
        amount: 3000,
        name: 'Donatrice',
        telephone: '0197660000',
        method: 'especes',
        reference: 'AUD-1',
        received_at: '2026-02-01',
        purpose: 'sante',
      },
    });
    expect(res.statusCode).toBe(201);
    const pdf = await t.app.inject({
      method: 'GET',
      url: '/api/admin/year-receipts/0197660000/pdf?year=2026',
      headers: bearer(admin.token),
    });
    expect(pdf.statusCode).toBe(200);
    const [entry] = await auditOf('year_receipt.download');
    expect(entry).toMatchObject({ actor_user_id: admin.id, entity: 'year_receipt', entity_id: '2026:+2290197660000' });
    expect(JSON.parse(entry!.details!)).toMatchObject({ year: 2026, telephone: '+2290197660000', rows: 1, total: 3000 });
  });
});

describe('an export aborted by the client', () => {
  it('logs no error and no 500', async () => {
    // Enough rows for the file to outlast the first socket write.
    const now = nowIso();
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      name: 'Fifamè Houngbo',
      email: `abandon${i}@example.bj`,
      phone: null,
      services: null,
      message: 'x'.repeat(200),
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.db
        .insertInto('contact_messages')
        .values(rows.slice(i, i + 500) as never)
        .execute();

    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const app = await buildApp({ config: { ...t.config, dataDir: t.dataDir }, db: t.db, logStream: stream, webDir: '/nonexistent' });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      await new Promise<void>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(`GET /api/contact-messages?format=csv HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${admin.token}\r\n\r\n`);
        });
        socket.once('data', () => {
          socket.destroy();
          resolve();
        });
      });
      for (let i = 0; i < 100 && !lines.some((l) => /request completed|Reply was already sent|"level":50/.test(l)); i += 1) {
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      await app.close();
    }
    const parsed = lines.map((l) => JSON.parse(l) as { level: number; msg: string; statusCode?: number });
    expect(parsed.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.filter((l) => /already sent/.test(l))).toEqual([]);
    expect(parsed.filter((l) => l.statusCode === 500)).toEqual([]);
    const [entry] = await auditOf('export.csv');
    // Recorded either way (complete or not: how much the kernel buffered before the close decides).
    expect(JSON.parse(entry!.details!)).toMatchObject({ list: '/api/contact-messages' });
  });
});
