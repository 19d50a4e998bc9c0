import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { field, multipart } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: { login: 1000, publicForms: 2 } });
});
afterAll(async () => t.close());

const contact = { name: 'Fifamè Houngbo', email: 'fifame@example.bj' };

describe('public form posts are rate-limited per IP', () => {
  it.each([
    ['/api/contact', () => ({ payload: contact })],
    ['/api/subscribe', () => ({ payload: { email: 'a@example.bj' } })],
    ['/api/testimonial', () => multipart([field('text', 'x')])],
    ['/api/volunteers', () => multipart([field('name', 'x')])],
    ['/api/projects', () => multipart([field('project_name', 'x')])],
  ])('%s answers 429 after the limit, for that address only', async (url, body) => {
    const send = (ip: string) => t.app.inject({ method: 'POST', url, remoteAddress: ip, ...body() });
    expect((await send('10.0.0.1')).statusCode).not.toBe(429);
    expect((await send('10.0.0.1')).statusCode).not.toBe(429);
    const third = await send('10.0.0.1');
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(/Trop de tentatives/);
    expect((await send('10.0.0.2')).statusCode).not.toBe(429);
  });
});
