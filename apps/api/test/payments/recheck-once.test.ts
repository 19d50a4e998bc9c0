import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { DB } from '../../src/platform/database/database';
import { pollPendingOnce } from '../../src/modules/payments/money';
import { openSecondConnection } from '../helpers/second-connection';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { type FedaPayStandIn, startFedaPayStandIn } from './fedapay-stand-in';

// Issue 14, "jobs run once": every process runs the background re-check; each pending record must be asked
// of the provider once per pass, not once per process. Two products share one database (SQLite file, or the
// PostgreSQL schema of TEST_DATABASE_URL) and re-check at the same moment.
const SECRET_KEY = 'sk_sandbox_stand_in_key';
const PENDING = 12;

let t: TestApp;
let other: FastifyInstance;
let otherDb: DB;
let fedapay: FedaPayStandIn;

beforeAll(async () => {
  fedapay = await startFedaPayStandIn(SECRET_KEY);
  const payments = {
    provider: 'fedapay',
    secretKey: SECRET_KEY,
    publicKey: 'pk_sandbox_x',
    environment: 'sandbox',
    webhookSecret: 'wh',
    apiBase: fedapay.url,
  } as const;
  t = await createTestApp({ payments });
  otherDb = openSecondConnection(t);
  other = await buildApp({ config: t.config, db: otherDb, logger: false, webDir: path.join(t.dataDir, 'no-web') });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await otherDb?.destroy();
  await t?.close();
  await fedapay?.close();
});

describe('background re-check of pending payments with two processes', () => {
  it('asks the provider once per pending record when both processes re-check at once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < PENDING; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payment/initiate',
        payload: { name: 'Koffi Mensah', email: 'koffi@example.bj', phone: '+22997000011', amount: 5000 + i, payment_type: 'cotisation' },
      });
      expect(res.statusCode).toBe(201);
    }
    const rows = await t.db.selectFrom('payments').select('transaction_id').where('transaction_status', '=', 'pending').execute();
    for (const row of rows) ids.push(row.transaction_id!);
    expect(ids).toHaveLength(PENDING);
    // Freshly created records count as checked now; make them due.
    await t.db.updateTable('payments').set({ checked_at: null }).execute();

    const before = fedapay.requests.length;
    const [a, b] = await Promise.all([pollPendingOnce(t.app.payments), pollPendingOnce(other.payments)]);
    const lookups = fedapay.requests.slice(before).filter((r) => r.method === 'GET' && /^\/v1\/transactions\/\d+$/.test(r.path));
    expect(a + b).toBe(PENDING);
    expect(lookups.map((r) => r.path.split('/').pop()).sort()).toEqual([...ids].sort());

    // Right after, nothing is due: neither process asks again.
    const [c, d] = await Promise.all([pollPendingOnce(t.app.payments), pollPendingOnce(other.payments)]);
    expect(c + d).toBe(0);
  });
});
