import { PROJECT_STATUS_MESSAGES } from '@shared/schemas/project';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { field, multipart } from '../public-site/fixtures';

// docs/product: PATCH /api/projects/{id}, the reply through the outbox, « À traiter ».

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t.close());

let n = 0;
async function submit(extra: Record<string, string> = {}) {
  n += 1;
  const values = {
    project_name: `Puits numéro ${'abcdefgh'[n]}`,
    description: 'Forer un puits pour trois cents familles du village de Zè.',
    goal_amount: '2 500 000',
    category: 'Education',
    contact_email: `porteur${n}@example.bj`,
    ...extra,
  };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/projects',
    ...multipart(Object.entries(values).map(([k, v]) => field(k, v))),
  });
  expect(res.statusCode).toBe(201);
  const row = await t.db.selectFrom('projects').select('id').where('contact_email', '=', values.contact_email).executeTakeFirstOrThrow();
  return { id: row.id, ...values };
}
const patch = (id: number, payload: Record<string, unknown>, token = admin.token) =>
  t.app.inject({ method: 'PATCH', url: `/api/projects/${id}`, headers: bearer(token), payload });
const outboxTo = (to: string) => t.db.selectFrom('outbox_messages').selectAll().where('to_address', '=', to).orderBy('id').execute();
const waiting = async () => (await t.app.inject({ url: '/api/admin/waiting', headers: bearer(admin.token) })).json().new_projects as number;

describe('PATCH /api/projects/{id}', () => {
  it('a new project is « reçu », counted in « À traiter » until someone looks at it', async () => {
    const before = await waiting();
    const p = await submit();
    expect(await waiting()).toBe(before + 1);
    const list = await t.app.inject({ url: '/api/projects/unconfirmed', headers: bearer(admin.token) });
    expect(list.json().find((r: { id: number }) => r.id === p.id)).toMatchObject({ status: 'recu', telephone: null, status_message: null });
    expect((await patch(p.id, { status: 'en_examen' })).statusCode).toBe(200);
    expect(await waiting()).toBe(before);
  });

  it('sends the reply by e-mail, and by SMS when the project gave a telephone; audited', async () => {
    const p = await submit({ telephone: '01 97 11 22 33' });
    const res = await patch(p.id, { status: 'refuse', message: 'Le dossier est incomplet : ajoutez le budget détaillé.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PROJECT_STATUS_MESSAGES.updatedAndSent);
    expect(res.json().project).toMatchObject({
      status: 'refuse',
      status_message: 'Le dossier est incomplet : ajoutez le budget détaillé.',
    });
    const [mail] = await outboxTo(p.contact_email);
    expect(mail?.channel).toBe('email');
    expect(mail?.subject).toBe(`Votre projet « ${p.project_name} » : Refusé`);
    expect(mail?.body).toContain('Le dossier est incomplet : ajoutez le budget détaillé.');
    const [sms] = await outboxTo('+2290197112233');
    expect(sms?.channel).toBe('sms');
    expect(sms?.body).toBe(`ASBE : votre projet « ${p.project_name} » est refusé. Le dossier est incomplet : ajoutez le budget détaillé.`);
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'projects')
      .where('entity_id', '=', String(p.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'project.status', actor_user_id: admin.id });
    expect(JSON.parse(String(audit[0]!.before_state))).toEqual({ status: 'recu' });
  });

  it('without a telephone, only the e-mail goes; the same status again without a message sends nothing', async () => {
    const p = await submit();
    expect((await patch(p.id, { status: 'accepte' })).statusCode).toBe(200);
    expect((await outboxTo(p.contact_email)).map((m) => m.channel)).toEqual(['email']);
    const again = await patch(p.id, { status: 'accepte' });
    expect(again.json().message).toBe(PROJECT_STATUS_MESSAGES.updated);
    expect(await outboxTo(p.contact_email)).toHaveLength(1);
  });

  it('is for administrators only and refuses an unknown status or project in French', async () => {
    const p = await submit();
    const member = await seedUser(t, 'membre');
    expect((await patch(p.id, { status: 'accepte' }, member.token)).statusCode).toBe(403);
    const bad = await patch(p.id, { status: 'perdu' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toEqual([PROJECT_STATUS_MESSAGES.status]);
    const missing = await patch(999_999, { status: 'accepte' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(PROJECT_STATUS_MESSAGES.notFound);
  });

  it('refuses an invalid telephone on the public form in French', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      ...multipart(
        Object.entries({
          project_name: 'Puits du village',
          description: 'Forer un puits pour trois cents familles du village de Zè.',
          goal_amount: '250000',
          contact_email: 'x@example.bj',
          telephone: '12ab',
        }).map(([k, v]) => field(k, v)),
      ),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.telephone).toBeDefined();
  });
});
