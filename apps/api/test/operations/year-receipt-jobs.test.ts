import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { DB } from '../../src/platform/database/database';
import { openSecondConnection } from '../helpers/second-connection';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { seedDonations } from '../scale/seed-money';

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
  // 45 donors of 2024, one donation each (telephones +22990000000 … +2290100000044, names « Donateur i »).
  await seedDonations(t.db, 45, 2024);
  // A few donors of 2023 and 2022 for the jobs started at once and the interrupted job.
  await seedDonations(t.db, 12, 2023, 100);
  await seedDonations(t.db, 3, 2022, 200);
});
afterAll(async () => t?.close());

const get = (url: string, token = admin.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** Polls the job until it is no longer running (the work happens in a worker thread). */
async function finished(id: number) {
  for (let i = 0; i < 600; i++) {
    const res = await get(`/api/admin/year-receipts/zip-jobs/${id}`);
    expect(res.statusCode).toBe(200);
    if (res.json().status !== 'running') return res.json();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('job still running');
}

describe('year-end receipts at scale', () => {
  it('lists the donors one page at a time, with the total in X-Total-Count, and finds one by name or telephone in any spelling', async () => {
    const first = await get('/api/admin/year-receipts?year=2024&per_page=20');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(20);
    expect(first.headers['x-total-count']).toBe('45');
    const third = await get('/api/admin/year-receipts?year=2024&per_page=20&page=3');
    expect(third.json()).toHaveLength(5);
    expect(third.json()[4]).toEqual({ telephone: '+2290100000044', name: 'Donateur 44', total: 5400, count: 1 });

    const byName = await get('/api/admin/year-receipts?year=2024&q=donateur%2017');
    expect(byName.json().map((d: { telephone: string }) => d.telephone)).toEqual(['+2290100000017']);
    expect(byName.headers['x-total-count']).toBe('1');
    // The same telephone as typed by people: national form with spaces.
    const byPhone = await get(`/api/admin/year-receipts?year=2024&q=${encodeURIComponent('01 00 00 00 31')}`);
    expect(byPhone.json().map((d: { telephone: string }) => d.telephone)).toEqual(['+2290100000031']);
  });

  it('makes the ZIP once as a job, with its progress, then downloads it', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/admin/year-receipts/zip-jobs',
      headers: bearer(admin.token),
      payload: { year: 2024 },
    });
    expect(started.statusCode).toBe(202);
    const { id, status, download_url } = started.json();
    expect(status).toBe('running');
    expect(download_url).toBeNull();
    // Asked again while it runs: the same job, not a second one.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/year-receipts/zip-jobs',
      headers: bearer(admin.token),
      payload: { year: 2024 },
    });
    expect(again.json().id).toBe(id);

    const job = await finished(id);
    expect(job).toMatchObject({ id, year: 2024, status: 'done', done: 45, total: 45, progress: 100, error: null });
    expect(job.download_url).toBe(`/api/admin/year-receipts/zip-jobs/${id}/download`);
    const zip = await get(job.download_url);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toBe('attachment; filename="recus-annuels-2024.zip"');
    const text = zip.rawPayload.toString('latin1');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(text).toContain('recu-annuel-2024-2290100000000.pdf');
    expect(text).toContain('recu-annuel-2024-2290100000044.pdf');

    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'year_receipts.zip').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBe(admin.id);
  });

  it('answers in French for an unknown job and for invalid input, and only to administrators', async () => {
    const unknown = await get('/api/admin/year-receipts/zip-jobs/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Cette préparation de reçus annuels est introuvable.');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/year-receipts/zip-jobs',
      headers: bearer(admin.token),
      payload: { year: 'deux' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.year).toEqual(['Veuillez choisir une année valide.']);
    const member = await seedUser(t, 'membre');
    expect((await get('/api/admin/year-receipts/zip-jobs/1', member.token)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/year-receipts/zip-jobs',
          headers: bearer(member.token),
          payload: { year: 2024 },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('runs a year once, whichever process is asked, however many ask at once', async () => {
    // A second process: the same product on its own connection to the same database.
    const db2: DB = openSecondConnection(t);
    const other: FastifyInstance = await buildApp({ config: t.config, db: db2, logger: false, webDir: t.dataDir });
    try {
      const ask = (app: FastifyInstance) =>
        app.inject({ method: 'POST', url: '/api/admin/year-receipts/zip-jobs', headers: bearer(admin.token), payload: { year: 2023 } });
      const answers = await Promise.all([ask(t.app), ask(other), ask(t.app), ask(other), ask(t.app), ask(other)]);
      expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202, 202]);
      const ids = new Set(answers.map((a) => a.json().id));
      expect(ids.size).toBe(1);
      const rows = await t.db.selectFrom('background_jobs').select('id').where('params', '=', '{"year":2023}').execute();
      expect(rows).toHaveLength(1);
      const job = await finished([...ids][0]);
      expect(job).toMatchObject({ status: 'done', done: 12, total: 12 });
      const audit = await t.db.selectFrom('audit_log').select('details').where('action', '=', 'year_receipts.zip').execute();
      expect(audit.filter((a) => a.details?.includes('2023'))).toHaveLength(1);

      // A long job (40 minutes already) that the other process still runs, its heartbeat fresh: found, not started twice.
      const job2020 = {
        kind: 'year_receipts_zip',
        params: '{"year":2020}',
        status: 'running',
        created_at: new Date(Date.now() - 40 * 60_000).toISOString(),
        heartbeat_at: new Date().toISOString(),
      };
      const running = await db2.insertInto('background_jobs').values(job2020).returning('id').executeTakeFirstOrThrow();
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/admin/year-receipts/zip-jobs',
        headers: bearer(admin.token),
        payload: { year: 2020 },
      });
      expect(asked.json()).toMatchObject({ id: running.id, status: 'running' });
      // The database itself refuses a second running row of the same year.
      await expect(db2.insertInto('background_jobs').values(job2020).execute()).rejects.toThrow();
      await db2.updateTable('background_jobs').set({ status: 'failed' }).where('id', '=', running.id).execute();
    } finally {
      await other.close();
      await db2.destroy();
    }
  });

  it('shows the year’s newest job when the dashboard opens, and a job whose process died as interrupted, to start again', async () => {
    expect((await get('/api/admin/year-receipts/zip-jobs?year=2021')).json()).toBeNull();
    const latest = await get('/api/admin/year-receipts/zip-jobs?year=2024');
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toMatchObject({ year: 2024, status: 'done', progress: 100 });
    expect(latest.json().download_url).toMatch(/^\/api\/admin\/year-receipts\/zip-jobs\/\d+\/download$/);
    expect(latest.json()).not.toHaveProperty('file_key');

    // A process started the 2022 job and stopped 10 minutes ago without finishing it.
    const longAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    const dead = await t.db
      .insertInto('background_jobs')
      .values({
        kind: 'year_receipts_zip',
        params: '{"year":2022}',
        status: 'running',
        done: 1,
        total: 3,
        created_at: longAgo,
        heartbeat_at: longAgo,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const shown = (await get('/api/admin/year-receipts/zip-jobs?year=2022')).json();
    expect(shown).toMatchObject({
      id: dead.id,
      status: 'failed',
      error: 'La préparation des reçus annuels a été interrompue. Veuillez la relancer.',
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/year-receipts/zip-jobs',
      headers: bearer(admin.token),
      payload: { year: 2022 },
    });
    expect(again.statusCode).toBe(202);
    expect(again.json().id).not.toBe(dead.id);
    expect(await finished(again.json().id)).toMatchObject({ status: 'done', total: 3 });
    const old = await t.db.selectFrom('background_jobs').select(['status', 'error']).where('id', '=', dead.id).executeTakeFirstOrThrow();
    expect(old.status).toBe('failed');
    expect((await get('/api/admin/year-receipts/zip-jobs?year=2022')).json()).toMatchObject({ id: again.json().id, status: 'done' });
    expect((await get('/api/admin/year-receipts/zip-jobs?year=deux')).statusCode).toBe(422);
  });
});
