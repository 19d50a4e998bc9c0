import { POLICY_MESSAGES } from '@shared/schemas/account-changes';
import { TREASURY_MESSAGES } from '@shared/schemas/treasury';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { bearer, type SeededUser, seedUser } from '../helpers/users';
import { createAccount, expenseValues, postExpense } from '../treasury/helpers';

// docs/decisions/policy.md: administrators are changed by two, act-as never reaches an administrator or an
// account with a pending change, and four-eyes holds against oneself (docs/decisions/policy.md).

let t: TestApp;
let a: SeededUser;
let b: SeededUser;

const patch = (by: SeededUser, id: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: bearer(by.token), payload });
const decide = (by: SeededUser, id: number, verb: 'approve' | 'reject') =>
  t.app.inject({ method: 'POST', url: `/api/admin/account-changes/${id}/${verb}`, headers: bearer(by.token) });
const userRow = (id: number) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const outboxTo = (to: string) =>
  t.db.selectFrom('outbox_messages').select(['channel', 'to_address', 'body']).where('to_address', '=', to).execute();

beforeAll(async () => {
  t = await createTestApp();
  // The bootstrap administrator exists; two more administrators are seeded straight in the database.
  await t.db.updateTable('users').set({ is_active: 0 }).where('role', '=', 'administrateur').execute();
  a = await seedUser(t, 'administrateur', { name: 'Adjoa Admin' });
});
afterAll(() => t.close());

describe('administrators are changed by two', () => {
  it('alone, an administrator promotes at once (audited); with two, a promotion waits for the other', async () => {
    const first = await seedUser(t, 'membre');
    const alone = await patch(a, first.id, { role: 'administrateur' });
    expect(alone.statusCode, alone.body).toBe(200);
    b = { ...first, role: 'administrateur' };

    const member = await seedUser(t, 'membre');
    const res = await patch(a, member.id, { role: 'administrateur' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ status: 'en_attente', message: POLICY_MESSAGES.proposed });
    expect((await userRow(member.id)).role).toBe('membre');

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/account-changes?status=en_attente', headers: bearer(b.token) });
    expect(list.json()).toEqual([expect.objectContaining({ id: res.json().change_id, user_id: member.id, proposed_by: a.id })]);

    // Act-as is refused on an account whose administrator change waits.
    const actAs = await t.app.inject({ method: 'POST', url: `/api/users/${member.id}/act-as`, headers: bearer(a.token) });
    expect(actAs.statusCode).toBe(403);
    expect(actAs.json().message).toBe(POLICY_MESSAGES.actAsPendingChange);

    expect((await decide(a, res.json().change_id, 'approve')).statusCode).toBe(403);
    const approved = await decide(b, res.json().change_id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await userRow(member.id)).role).toBe('administrateur');
    expect((await decide(b, res.json().change_id, 'approve')).statusCode).toBe(409);
    // The proposer may know the member's password: it no longer opens the new administrator's account.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { telephone: member.telephone, password: member.password },
    });
    expect(login.statusCode).not.toBe(200);
    expect((await t.app.inject({ url: '/api/profile', headers: bearer(member.token) })).statusCode).toBe(401);
    // The promoted account is demoted back by two as well (it is now another administrator).
    const back = await patch(b, member.id, { role: 'membre' });
    expect(back.statusCode).toBe(202);
    expect((await decide(a, back.json().change_id, 'reject')).statusCode).toBe(200);
    expect((await userRow(member.id)).role).toBe('administrateur');
  });

  it('takeover: another administrator’s telephone and e-mail change only with a second one, and the former ones are told', async () => {
    const victim = await userRow(b.id);
    const res = await patch(a, b.id, { telephone: '+2290197770001', email: 'pirate@example.bj' });
    expect(res.statusCode).toBe(202);
    expect((await userRow(b.id)).telephone).toBe(victim.telephone);
    // The victim cannot approve the change to their own account alone either: it is not theirs to propose.
    const third = await t.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'administrateur')
      .where('id', 'not in', [a.id, b.id])
      .executeTakeFirstOrThrow();
    const c = await seedUser(t, 'membre');
    await t.db.updateTable('users').set({ role: 'administrateur' }).where('id', '=', c.id).execute();
    expect(third.id).toBeGreaterThan(0);
    const approved = await decide({ ...c, role: 'administrateur' }, res.json().change_id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const now = await userRow(b.id);
    expect(now.telephone).toBe('+2290197770001');
    expect(
      (await outboxTo(victim.telephone)).some((m) => m.channel === 'sms' && /numéro de téléphone et l’adresse e-mail/.test(m.body)),
    ).toBe(true);
    expect((await outboxTo(victim.email)).some((m) => m.channel === 'email')).toBe(true);
    b = { ...b, telephone: now.telephone };
  });

  it('a new administrator is proposed (202) and created only when another approves', async () => {
    const payload = {
      name: 'Nouvel Admin',
      email: 'nouvel.admin@example.bj',
      telephone: '+2290197770002',
      password: 'Mot-De-Passe-Solide-1',
      confirmPassword: 'Mot-De-Passe-Solide-1',
      role: 'administrateur',
      zone: null,
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/register', headers: bearer(a.token), payload });
    expect(res.statusCode, res.body).toBe(202);
    expect(await t.db.selectFrom('users').select('id').where('telephone', '=', payload.telephone).executeTakeFirst()).toBeUndefined();
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/account-changes', headers: bearer(b.token) });
    expect(JSON.stringify(list.json())).not.toContain('password');
    expect((await decide(b, res.json().change_id, 'approve')).statusCode).toBe(200);
    const created = await t.db.selectFrom('users').selectAll().where('telephone', '=', payload.telephone).executeTakeFirstOrThrow();
    expect(created.role).toBe('administrateur');
    expect(created.created_by).toBe(a.id);
    // The approval's audit line names the account it created.
    const audit = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'account_change.approve')
      .where('entity_id', '=', String(res.json().change_id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details as string).user_id).toBe(created.id);
    // The password the proposer chose opens nothing: the new administrator chooses one by a code to their telephone.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { telephone: payload.telephone, password: payload.password },
    });
    expect(login.statusCode).not.toBe(200);
  });

  it('a proposal lapses when its proposer is no longer an active administrator', async () => {
    const proposer = await seedUser(t, 'administrateur');
    const member = await seedUser(t, 'membre');
    const res = await patch(proposer, member.id, { role: 'administrateur' });
    expect(res.statusCode).toBe(202);
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', proposer.id).execute();
    const approved = await decide(b, res.json().change_id, 'approve');
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe(POLICY_MESSAGES.proposerGone);
    expect((await userRow(member.id)).role).toBe('membre');
  });
});

describe('act-as never reaches an administrator', () => {
  it('is refused for an administrator, and a token issued before a promotion opens nothing after it', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/users/${b.id}/act-as`, headers: bearer(a.token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(POLICY_MESSAGES.actAsAdministrator);

    const member = await seedUser(t, 'membre');
    const acting = await t.app.inject({ method: 'POST', url: `/api/users/${member.id}/act-as`, headers: bearer(a.token) });
    expect(acting.statusCode).toBe(200);
    const token = acting.json().token as string;
    // Promoted behind the policy's back (as a restored backup or a direct edit would): the token still opens nothing.
    await t.db.updateTable('users').set({ role: 'administrateur' }).where('id', '=', member.id).execute();
    const used = await t.app.inject({ method: 'GET', url: '/api/admin/expenses', headers: bearer(token) });
    expect(used.statusCode).toBe(401);
  });
});

describe('an account whose promotion waits cannot be redirected to the proposer', () => {
  it('freezes the account while its change waits: telephone, e-mail, password reset code', async () => {
    const member = await seedUser(t, 'membre');
    expect((await patch(a, member.id, { role: 'administrateur' })).statusCode).toBe(202);
    for (const changes of [{ telephone: '+2290197000098' }, { email: 'pris@example.bj' }, { name: 'Autre Nom' }]) {
      const res = await patch(a, member.id, changes);
      expect(res.statusCode, JSON.stringify(changes)).toBe(409);
      expect(res.json().message).toBe(POLICY_MESSAGES.pendingLocksAccount);
    }
    const reset = await t.app.inject({ method: 'POST', url: `/api/users/${member.id}/password-reset`, headers: bearer(a.token) });
    expect(reset.statusCode).toBe(409);
    expect((await userRow(member.id)).telephone).toBe(member.telephone);
  });

  it('an administrator who changed an account’s telephone does not propose its promotion; another may', async () => {
    const member = await seedUser(t, 'membre');
    expect((await patch(a, member.id, { telephone: '+2290197000097' })).statusCode).toBe(200);
    const own = await patch(a, member.id, { role: 'administrateur' });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(POLICY_MESSAGES.promotionAfterOwnIdentityChange);
    expect((await patch(b, member.id, { role: 'administrateur' })).statusCode).toBe(202);
  });
});

describe('act-as ends when a change is proposed', () => {
  it('a token obtained before a proposal for the account opens nothing while the change waits', async () => {
    const member = await seedUser(t, 'membre');
    const acting = await t.app.inject({ method: 'POST', url: `/api/users/${member.id}/act-as`, headers: bearer(b.token) });
    expect(acting.statusCode).toBe(200);
    const token = acting.json().token as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })).statusCode).toBe(200);
    expect((await patch(a, member.id, { role: 'administrateur' })).statusCode).toBe(202);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })).statusCode).toBe(401);
    // The member's own session is not an act-as token: it goes on.
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(member.token) })).statusCode).toBe(200);
  });
});

describe('four-eyes holds against oneself', () => {
  it('an expense is approved by another administrator; an approved one is cancelled by two', async () => {
    const account = await createAccount(t, a, 'Caisse siège', 'caisse', 500_000);
    const recorded = await postExpense(t, a, expenseValues(account.id, 150_000));
    expect(recorded.statusCode, recorded.body).toBe(201);
    const id = recorded.json().id as number;
    const own = await t.app.inject({ method: 'POST', url: `/api/admin/expenses/${id}/approve`, headers: bearer(a.token) });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(TREASURY_MESSAGES.ownApproval);
    const approved = await t.app.inject({ method: 'POST', url: `/api/admin/expenses/${id}/approve`, headers: bearer(b.token) });
    expect(approved.statusCode, approved.body).toBe(200);

    const cancel = (by: SeededUser) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/expenses/${id}/cancel`,
        headers: bearer(by.token),
        payload: { reason: 'Facture en double' },
      });
    const proposed = await cancel(b);
    expect(proposed.statusCode, proposed.body).toBe(202);
    expect(proposed.json()).toMatchObject({ status: 'approuvee', message: POLICY_MESSAGES.cancelProposed });
    // The proposal is on the expense (shown on its row), counted in « À traiter » and listed under its own filter.
    expect(proposed.json()).toMatchObject({
      cancel_proposed_by: b.id,
      cancel_proposed_by_name: b.name,
      cancel_proposed_reason: 'Facture en double',
    });
    const waiting = await t.app.inject({ method: 'GET', url: '/api/admin/waiting', headers: bearer(a.token) });
    expect(waiting.json().expense_cancellations).toBe(1);
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/expenses?cancel_proposed=oui', headers: bearer(a.token) });
    expect(listed.json().map((e: { id: number }) => e.id)).toEqual([id]);
    const again = await cancel(b);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(POLICY_MESSAGES.ownCancelProposal);
    const done = await cancel(a);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('annulee');
    expect(done.json().cancel_proposed_by).toBeNull();
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/waiting', headers: bearer(a.token) });
    expect(after.json().expense_cancellations).toBe(0);
  });
});
