import { ZONE_MESSAGES } from '@shared/zones/zones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../src/platform/database/database';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { readZip } from '../privacy/fixtures';
import { bearer, type SeededUser, seedUser } from '../helpers/users';

// Issue #33, the back office's leftovers: the zone an administrator gives a user is chosen from the reference list
// (docs/product/places.md); the volunteers to confirm show their telephone (docs/product/back-office.md).

let t: TestApp;
let admin: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await seedUser(t, 'administrateur');
});
afterAll(async () => t.close());

const patch = (id: number, token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: bearer(token), payload });

describe('PATCH /api/users/{id}: the zone', () => {
  it('refuses a zone not in the reference list with a French message, and changes nothing', async () => {
    const user = await seedUser(t, 'consommateur', { zone: 'Porto-Novo' });
    const res = await patch(user.id, admin.token, { zone: 'Cotonou Akpakpa Dodomey' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.zone).toEqual([ZONE_MESSAGES.unknown]);
    const row = await t.db.selectFrom('users').select(['zone', 'commune']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ zone: 'Porto-Novo', commune: 'Porto-Novo' });
  });

  it('stores a listed zone in the list’s spelling with its commune and department, audited as the zone alone', async () => {
    const user = await seedUser(t, 'consommateur', { zone: 'Porto-Novo' });
    const res = await patch(user.id, admin.token, { zone: 'cotonou — 13e ARRONDISSEMENT' });
    expect(res.statusCode).toBe(200);
    expect(res.json().zone).toBe('Cotonou — 13e arrondissement');
    const row = await t.db
      .selectFrom('users')
      .select(['zone', 'zone_key', 'commune', 'department'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ zone: 'Cotonou — 13e arrondissement', commune: 'Cotonou', department: 'Littoral' });
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['before_state', 'after_state'])
      .where('entity', '=', 'users')
      .where('entity_id', '=', String(user.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(entry.before_state))).toEqual({ zone: 'Porto-Novo' });
    expect(JSON.parse(String(entry.after_state))).toEqual({ zone: 'Cotonou — 13e arrondissement' });
  });

  it('clears the zone with an empty value', async () => {
    const user = await seedUser(t, 'membre', { zone: 'Parakou' });
    expect((await patch(user.id, admin.token, { zone: '' })).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select(['zone', 'commune', 'department'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ zone: null, commune: null, department: null });
  });
});

describe('GET /api/volunteers/unconfirmed', () => {
  it('gives each application’s telephone', async () => {
    const name = `Afiwa Téléphone ${Date.now()}`;
    await t.db
      .insertInto('volunteers')
      .values({
        name,
        email: '',
        telephone: '+2290197445566',
        profile_image: 'p.jpg',
        cv: 'c.pdf',
        motivation_letter: 'm.pdf',
        criminal_record: 'r.pdf',
        domain: 'sante',
        created_at: nowIso(),
      })
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/volunteers/unconfirmed?per_page=100', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().find((v: { name: string }) => v.name === name)).toMatchObject({ telephone: '+2290197445566' });
  });

  it('searches by name, e-mail or telephone in any spelling, in the list, its count and its CSV', async () => {
    const stamp = Date.now();
    const add = (name: string, email: string, telephone: string) =>
      t.db
        .insertInto('volunteers')
        .values({
          name,
          email,
          telephone,
          profile_image: 'p.jpg',
          cv: 'c.pdf',
          motivation_letter: 'm.pdf',
          criminal_record: 'r.pdf',
          domain: 'sante',
          created_at: nowIso(),
        })
        .execute();
    await add(`Kossiwa Cherchée ${stamp}`, `kossiwa${stamp}@example.bj`, '+2290197556677');
    await add(`Autre Candidate ${stamp}`, '', '+2290197556688');
    const search = async (q: string) => {
      const res = await t.app.inject({
        url: `/api/volunteers/unconfirmed?per_page=100&q=${encodeURIComponent(q)}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode).toBe(200);
      return res;
    };
    for (const q of [`Cherchée ${stamp}`, `kossiwa${stamp}@`, '0197556677', '01 97 55 66 77']) {
      const res = await search(q);
      expect(res.json().map((v: { name: string }) => v.name)).toEqual([`Kossiwa Cherchée ${stamp}`]);
      expect(res.headers['x-total-count']).toBe('1');
    }
    const csv = await t.app.inject({
      url: `/api/volunteers/unconfirmed?format=csv&q=${encodeURIComponent(`Cherchée ${stamp}`)}`,
      headers: bearer(admin.token),
    });
    expect(csv.body).toContain(`Kossiwa Cherchée ${stamp}`);
    expect(csv.body).not.toContain(`Autre Candidate ${stamp}`);
  });
});

describe('zones the migration could not map: GET and PUT /api/admin/zones-unmapped', () => {
  const list = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/admin/zones-unmapped?per_page=100', headers: token ? bearer(token) : {} });
  const choose = (table: string, id: number, token: string, zone: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/zones-unmapped/${table}/${id}`, headers: bearer(token), payload: { zone } });
  const waiting = async () => (await t.app.inject({ url: '/api/admin/waiting', headers: bearer(admin.token) })).json();

  async function unmappedUser(zone: string) {
    const user = await seedUser(t, 'consommateur', { zone });
    await t.db.insertInto('zones_unmapped').values({ table_name: 'users', row_id: user.id, zone, created_at: nowIso() }).execute();
    return user;
  }

  it('is for administrators only', async () => {
    const member = await seedUser(t, 'membre');
    expect((await list()).statusCode).toBe(401);
    expect((await list(member.token)).statusCode).toBe(403);
    expect((await choose('users', member.id, member.token, 'Cotonou')).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/zones-unmapped/users/${member.id}`,
      payload: { zone: 'Cotonou' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists each typed zone with whose it is; the chosen zone is stored, audited, and leaves the list and « À traiter »', async () => {
    const user = await unmappedUser('Quartier Zongo');
    const provider = await seedUser(t, 'prestataire_morale', { zone: 'Parakou' });
    const now = nowIso();
    const { id: providerId } = await t.db
      .insertInto('providers')
      .values({
        user_id: provider.id,
        entreprise: 'Pharmacie du Marché',
        forme_juridique: 'SARL',
        rccm: 'RB/COT/23 B 12345',
        adresse: 'Lot 12',
        email: '',
        telephone: '+2290197556677',
        marge_salaire: 10,
        zone: 'Vers le grand marché',
        zone_key: 'vers le grand marche',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('zones_unmapped')
      .values({ table_name: 'providers', row_id: providerId, zone: 'Vers le grand marché', created_at: now })
      .execute();
    const before = (await waiting()).unmapped_zones as number;
    expect(before).toBeGreaterThanOrEqual(2);

    const res = await list(admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ table_name: 'users', row_id: user.id, zone: 'Quartier Zongo', name: user.name, role: 'consommateur' }),
        expect.objectContaining({
          table_name: 'providers',
          row_id: providerId,
          zone: 'Vers le grand marché',
          name: 'Pharmacie du Marché',
          role: null,
        }),
      ]),
    );

    const unknown = await choose('users', user.id, admin.token, 'Zongo');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.zone).toEqual([ZONE_MESSAGES.unknown]);
    const empty = await choose('users', user.id, admin.token, ' ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.zone).toEqual([ZONE_MESSAGES.required]);

    const ok = await choose('users', user.id, admin.token, 'Parakou');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ zone: 'Parakou' });
    expect(await t.db.selectFrom('users').select(['zone', 'commune', 'department']).where('id', '=', user.id).executeTakeFirst()).toEqual({
      zone: 'Parakou',
      commune: 'Parakou',
      department: 'Borgou',
    });
    expect((await choose('providers', providerId, admin.token, 'Cotonou — 13e arrondissement')).statusCode).toBe(200);
    expect(await t.db.selectFrom('providers').select(['zone', 'commune']).where('id', '=', providerId).executeTakeFirst()).toEqual({
      zone: 'Cotonou — 13e arrondissement',
      commune: 'Cotonou',
    });

    const after = (await list(admin.token)).json() as Array<{ row_id: number; table_name: string }>;
    expect(after.some((z) => z.table_name === 'users' && z.row_id === user.id)).toBe(false);
    expect(after.some((z) => z.table_name === 'providers' && z.row_id === providerId)).toBe(false);
    expect((await waiting()).unmapped_zones).toBe(before - 2);
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'zone.choose')
      .where('entity', '=', 'users')
      .where('entity_id', '=', String(user.id))
      .executeTakeFirstOrThrow();
    expect(entry.actor_user_id).toBe(admin.id);
    expect(JSON.parse(String(entry.before_state))).toEqual({ zone: 'Quartier Zongo' });
    expect(JSON.parse(String(entry.after_state))).toEqual({ zone: 'Parakou' });

    const again = await choose('users', user.id, admin.token, 'Parakou');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Cette zone a déjà été corrigée, ou la fiche n’existe plus.');
    expect((await choose('comptes', user.id, admin.token, 'Parakou')).statusCode).toBe(404);
  });

  it('a zone chosen elsewhere (the user-edit dialog) takes the row off the list', async () => {
    const user = await unmappedUser('Derrière la mairie');
    expect(((await list(admin.token)).json() as Array<{ row_id: number }>).some((z) => z.row_id === user.id)).toBe(true);
    expect((await patch(user.id, admin.token, { zone: 'Abomey' })).statusCode).toBe(200);
    const rows = (await list(admin.token)).json() as Array<{ row_id: number; table_name: string }>;
    expect(rows.some((z) => z.table_name === 'users' && z.row_id === user.id)).toBe(false);
  });
});

describe('telephone conflicts the E.164 migration reported: GET and PUT /api/admin/telephone-conflicts', () => {
  const list = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/admin/telephone-conflicts?per_page=100', headers: token ? bearer(token) : {} });
  const resolve = (id: number, token?: string) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/telephone-conflicts/${id}/resolved`, headers: token ? bearer(token) : {} });
  const report = async (kind: string, detail: object) =>
    (
      await t.db
        .insertInto('migration_reports')
        .values({
          migration: '20261126_0100_telephones_e164',
          kind,
          table_name: 'users',
          detail: JSON.stringify(detail),
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  it('is for administrators only', async () => {
    const member = await seedUser(t, 'membre');
    expect((await list()).statusCode).toBe(401);
    expect((await list(member.token)).statusCode).toBe(403);
    expect((await resolve(1)).statusCode).toBe(401);
    expect((await resolve(1, member.token)).statusCode).toBe(403);
  });

  it('shows the accounts sharing a number; refuses « résolu » while they still do; once apart, resolves, normalises and audits', async () => {
    const a = await seedUser(t, 'membre', { name: 'Afi Doublon', telephone: '97123456' });
    const b = await seedUser(t, 'consommateur', { name: 'Afi Doublon Bis', telephone: '+22997123456' });
    const id = await report('telephone_conflict', { ids: [a.id, b.id], values: ['97123456', '+22997123456'], e164: '+2290197123456' });
    const waitingBefore = (await t.app.inject({ url: '/api/admin/waiting', headers: bearer(admin.token) })).json().telephone_conflicts;
    expect(waitingBefore).toBeGreaterThanOrEqual(1);

    const shown = ((await list(admin.token)).json() as Array<{ id: number }>).find((r) => r.id === id);
    expect(shown).toMatchObject({
      kind: 'telephone_conflict',
      telephone: '+2290197123456',
      open: true,
      accounts: [
        { id: a.id, name: 'Afi Doublon', role: 'membre', telephone: '97123456', is_active: true },
        { id: b.id, name: 'Afi Doublon Bis', role: 'consommateur', telephone: '+22997123456', is_active: true },
      ],
    });
    const refused = await resolve(id, admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Ces comptes ont encore le même numéro : changez d’abord le téléphone de l’un d’eux.');

    expect((await patch(b.id, admin.token, { telephone: '0196000111' })).statusCode).toBe(200);
    expect(((await list(admin.token)).json() as Array<{ id: number; open: boolean }>).find((r) => r.id === id)?.open).toBe(false);
    const done = await resolve(id, admin.token);
    expect(done.statusCode).toBe(200);
    // The number the migration left as typed is now in E.164, as it would have written it.
    expect((await t.db.selectFrom('users').select('telephone').where('id', '=', a.id).executeTakeFirstOrThrow()).telephone).toBe(
      '+2290197123456',
    );
    expect(((await list(admin.token)).json() as Array<{ id: number }>).some((r) => r.id === id)).toBe(false);
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'telephone_conflict.resolve')
      .where('entity_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(entry.actor_user_id).toBe(admin.id);
    expect(JSON.parse(String(entry.after_state))).toEqual({ telephone: ['+2290197123456', '+2290196000111'] });
    expect((await resolve(id, admin.token)).statusCode).toBe(404);
  });

  it('an account whose telephone is no number: refused until it is corrected', async () => {
    const c = await seedUser(t, 'membre', { telephone: 'pas-de-numero' });
    const id = await report('telephone_invalid', { ids: [c.id], values: ['pas-de-numero'], e164: null });
    const refused = await resolve(id, admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Ce compte n’a toujours pas de numéro valide : corrigez d’abord son téléphone.');
    expect((await patch(c.id, admin.token, { telephone: '0196000222' })).statusCode).toBe(200);
    expect((await resolve(id, admin.token)).statusCode).toBe(200);
  });
});

describe('« casier vérifié le … par … »', () => {
  async function decidedVolunteer(name: string, telephone: string, confirmed: boolean) {
    const { id } = await t.db
      .insertInto('volunteers')
      .values({
        name,
        email: '',
        telephone,
        profile_image: 'p.jpg',
        cv: 'c.pdf',
        motivation_letter: 'm.pdf',
        criminal_record: '',
        domain: 'education',
        is_confirmed: confirmed ? 1 : 0,
        refused_at: confirmed ? null : '2026-10-01T09:00:00.000Z',
        refusal_reason: confirmed ? null : 'Pas de mission dans votre commune.',
        created_at: '2026-09-20T09:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('volunteer_document_checks')
      .values({
        volunteer_id: id,
        document: 'criminal_record',
        decision: confirmed ? 'confirme' : 'refuse',
        decided_at: '2026-10-01T23:30:00.000Z',
        decided_by: 'Adjoa Administratrice',
        removed_at: '2026-11-01T02:00:00.000Z',
        run_id: null,
      })
      .execute();
    return id;
  }

  it('GET /api/volunteers/decided: confirmed or refused volunteers with what is kept of their deleted documents (admin only)', async () => {
    const member = await seedUser(t, 'membre');
    expect((await t.app.inject({ url: '/api/volunteers/decided' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/volunteers/decided', headers: bearer(member.token) })).statusCode).toBe(403);
    const confirmed = await decidedVolunteer(`Sena Confirmée ${Date.now()}`, '+2290197001122', true);
    const refused = await decidedVolunteer(`Sena Refusée ${Date.now()}`, '+2290197001133', false);
    const get = (status: string) =>
      t.app.inject({ url: `/api/volunteers/decided?status=${status}&per_page=100`, headers: bearer(admin.token) });
    const yes = (await get('confirme')).json() as Array<{ id: number }>;
    expect(yes.find((v) => v.id === confirmed)).toMatchObject({
      status: 'confirme',
      telephone: '+2290197001122',
      criminal_record: '',
      checks: [
        { document: 'criminal_record', decision: 'confirme', decided_by: 'Adjoa Administratrice', decided_at: '2026-10-01T23:30:00.000Z' },
      ],
    });
    expect(yes.some((v) => v.id === refused)).toBe(false);
    const no = (await get('refuse')).json() as Array<{ id: number }>;
    expect(no.find((v) => v.id === refused)).toMatchObject({ status: 'refuse', refusal_reason: 'Pas de mission dans votre commune.' });
    const searched = await t.app.inject({
      url: `/api/volunteers/decided?status=confirme&per_page=100&q=${encodeURIComponent('+2290197001122')}`,
      headers: bearer(admin.token),
    });
    expect(searched.json().map((v: { id: number }) => v.id)).toEqual([confirmed]);
    const bad = await get('autre');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toEqual(['Choisissez « confirme » ou « refuse ».']);
  });

  it('is in the person’s access ZIP, in words (the day in Cotonou)', async () => {
    const person = await seedUser(t, 'membre', { telephone: '+2290197003344' });
    await decidedVolunteer(person.name, '+2290197003344', true);
    const res = await t.app.inject({ method: 'GET', url: '/api/profile/export', headers: bearer(person.token) });
    expect(res.statusCode).toBe(200);
    const zip = await readZip(res.rawPayload);
    const doc = JSON.parse(zip.get('donnees.json')!.toString('utf8'));
    expect(doc.donnees.verifications_documents_benevoles).toEqual([
      expect.objectContaining({
        document: 'criminal_record',
        decided_by: 'Adjoa Administratrice',
        // 23:30 UTC is already 2 October in Cotonou.
        texte: 'Casier judiciaire vérifié le 02/10/2026 par Adjoa Administratrice, supprimé le 01/11/2026.',
      }),
    ]);
  });
});
