import { Webhook } from 'fedapay';
import { expect } from 'vitest';
import type { Config } from '../../src/platform/config';
import { type FedaPayStandIn, startFedaPayStandIn } from '../payments/fedapay-stand-in';
import { createTestApp, type TestApp } from './test-app';

// An app that takes money through FedaPay, played by its stand-in (payments/fedapay-stand-in.ts, FedaPay's own wire
// format), and the webhook FedaPay would send, signed with the app's secret as FedaPay signs it.

export interface FedaPayTestApp {
  t: TestApp;
  fedapay: FedaPayStandIn;
  /** Sets the transaction's status at the stand-in and delivers FedaPay's signed event for it (answer 200). */
  webhook(transactionId: string, status: string): Promise<void>;
  close(): Promise<void>;
}

export async function createFedaPayTestApp(
  name: string,
  options: { eventIdFrom?: number; overrides?: Partial<Config> } = {},
): Promise<FedaPayTestApp> {
  const secretKey = `sk_sandbox_${name}`;
  const webhookSecret = `wh_sandbox_${name}`;
  const fedapay = await startFedaPayStandIn(secretKey);
  const t = await createTestApp({
    ...options.overrides,
    payments: { provider: 'fedapay', secretKey, publicKey: 'pk_x', environment: 'sandbox', webhookSecret, apiBase: fedapay.url },
  });
  let eventId = options.eventIdFrom ?? 1;
  return {
    t,
    fedapay,
    async webhook(transactionId, status) {
      fedapay.setStatus(transactionId, status);
      const body = fedapay.event(transactionId, ++eventId);
      const signature = Webhook.generateTestHeaderString({ payload: body, secret: webhookSecret } as never);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/fedapay',
        headers: { 'content-type': 'application/json', 'x-fedapay-signature': signature },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    async close() {
      await t.close();
      await fedapay.close();
    },
  };
}

/** A small deterministic generator (mulberry32): the same sequence on every run and engine. */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
