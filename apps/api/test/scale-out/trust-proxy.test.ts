import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

// docs/product/scaling.md: behind the load balancer, limits per address need the client's real
// address, with TRUST_PROXY as a hop count. Seen through the per-address form limit (1 per minute here).
const contact = { name: 'Fifamè Houngbo', email: 'fifame@example.bj' };
const apps: TestApp[] = [];
afterAll(async () => Promise.all(apps.map((t) => t.close())));

async function appWith(trustProxy: false | number) {
  const t = await createTestApp({ trustProxy, rateLimits: { login: 1000, publicForms: 1 } });
  apps.push(t);
  return (forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: contact,
    });
}

describe('TRUST_PROXY', () => {
  it('as a hop count (1: one reverse proxy) takes the last forwarded address as the client', async () => {
    const send = await appWith(1);
    expect((await send('198.51.100.1')).statusCode).toBe(200);
    expect((await send('198.51.100.2')).statusCode).toBe(200);
    expect((await send('198.51.100.1')).statusCode).toBe(429);
    // An address the client wrote itself, in front of the one the proxy appended, changes nothing.
    expect((await send('203.0.113.7, 198.51.100.1')).statusCode).toBe(429);
  });

  it('as 2 (a CDN, then the reverse proxy) takes the one before', async () => {
    const send = await appWith(2);
    expect((await send('198.51.100.5, 192.0.2.1')).statusCode).toBe(200);
    expect((await send('198.51.100.6, 192.0.2.1')).statusCode).toBe(200);
    expect((await send('198.51.100.5, 192.0.2.2')).statusCode).toBe(429);
  });

  it('off by default: X-Forwarded-For is ignored', async () => {
    const send = await appWith(false);
    expect((await send('198.51.100.1')).statusCode).toBe(200);
    expect((await send('198.51.100.2')).statusCode).toBe(429);
  });
});
