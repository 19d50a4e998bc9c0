import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_HEADERS } from '../../src/platform/http/security';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 25 row 14 (docs/product/accounts.md): errors raised before routing, by Node's HTTP parser, answer the
// JSON envelope with a French message — sent over a real socket, since app.inject() bypasses the parser.

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t?.close());

/** Sends raw bytes and reads the whole answer until the server closes. */
const raw = (request: string) =>
  new Promise<{ status: number; type: string; body: unknown; head: string }>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const status = Number(head.split(' ')[1]);
      const type = /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '';
      try {
        resolve({ status, type, body: JSON.parse(body), head });
      } catch {
        resolve({ status, type, body, head });
      }
    });
  });

describe('errors before routing', () => {
  it('a 20 000-character URL answers 431 in French JSON', async () => {
    const res = await raw(`GET /api/health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.type).toMatch(/^application\/json/);
    expect(res.body).toEqual({ message: 'L’adresse ou les en-têtes de la requête sont trop longs.' });
  });

  it('a header too large answers 431 in French JSON', async () => {
    const res = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ message: 'L’adresse ou les en-têtes de la requête sont trop longs.' });
  });

  it('a malformed request line answers 400 in French JSON', async () => {
    const res = await raw('GE T /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.type).toMatch(/^application\/json/);
    expect(res.body).toEqual({ message: 'Requête mal formée.' });
  });

  it("an Expect other than 100-continue answers 417 in French JSON with the security headers, not Node's bare 417", async () => {
    const res = await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nExpect: foo\r\n\r\n');
    expect(res.status).toBe(417);
    expect(res.type).toMatch(/^application\/json/);
    expect(res.body).toEqual({ message: 'L’en-tête Expect de cette requête n’est pas pris en charge.' });
    for (const [name, value] of API_HEADERS) expect(res.head.toLowerCase()).toContain(`${name}: ${value}`.toLowerCase());
  });

  it("carry the JSON answers' security headers, like every other answer (platform/http/security.ts)", async () => {
    for (const request of [
      'GE T /api/health HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /api/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    ]) {
      const res = await raw(request);
      expect(res.status).toBe(400);
      for (const [name, value] of API_HEADERS)
        expect(res.head.toLowerCase(), `${name} in ${request}`).toContain(`${name}: ${value}`.toLowerCase());
    }
  });
});
