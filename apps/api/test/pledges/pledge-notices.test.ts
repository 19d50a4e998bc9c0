import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { makePledge, pledgeMessages } from './helpers';

// A pledge's messages follow what happened (issue 41): the welcome only once the first gift is approved, an SMS after
// each pause, resume, change or stop with the way back, and « Payer l’échéance en cours » not offered once it is paid.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://asbe.example.bj' });
});
afterAll(async () => t?.close());

const view = (token: string) => t.app.inject({ method: 'GET', url: `/api/pledges/by-token/${token}` });
const act = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/pledges/by-token/${token}`, payload });
const smsBodies = async (pledgeId: number) => (await pledgeMessages(t, pledgeId)).filter((m) => m.channel === 'sms').map((m) => m.body);

describe('pledge notices', () => {
  it('no welcome before the first gift’s outcome, none for a refused one, one once approved', async () => {
    const refused = await makePledge(t, { telephone: '0197550001' }, 'declined');
    expect(await pledgeMessages(t, refused.id, 'created')).toEqual([]);
    const waiting = await makePledge(t, { telephone: '0197550002' }, null);
    expect(await pledgeMessages(t, waiting.id, 'created')).toEqual([]);
    expect((await view(waiting.token)).json().due_to_pay).toBe(true);

    const paid = await makePledge(t, { telephone: '0197550003' });
    const welcome = (await pledgeMessages(t, paid.id, 'created')).filter((m) => m.channel === 'sms');
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.body).toMatch(/^ASBE : merci Awa ! Votre don mensuel de 5\u00a0000\u00a0FCFA est enregistré\./);
    // The due just paid is not offered again.
    expect((await view(paid.token)).json().due_to_pay).toBe(false);
  });

  it('pause, resume, change and stop each send an SMS saying what it is now and how to undo it', async () => {
    const pledge = await makePledge(t, { telephone: '0197550004' });
    const before = (await smsBodies(pledge.id)).length;
    expect((await act(pledge.token, { action: 'pause' })).statusCode).toBe(200);
    expect((await act(pledge.token, { action: 'resume' })).statusCode).toBe(200);
    expect((await act(pledge.token, { amount: 3000 })).statusCode).toBe(200);
    expect((await act(pledge.token, { action: 'cancel' })).statusCode).toBe(200);
    const sent = (await smsBodies(pledge.id)).slice(before);
    expect(sent).toHaveLength(4);
    expect(sent[0]).toMatch(
      /^ASBE : votre don mensuel de 5\u00a0000\u00a0FCFA est en pause\. Pour le reprendre : https:\/\/asbe\.example\.bj\/engagement\//,
    );
    expect(sent[1]).toMatch(/^ASBE : votre don mensuel de 5\u00a0000\u00a0FCFA reprend\. Prochaine échéance : /);
    expect(sent[2]).toMatch(/^ASBE : c'est noté : votre don mensuel de 3\u00a0000\u00a0FCFA\./);
    expect(sent[3]).toBe(
      'ASBE : votre don mensuel de 3\u00a0000\u00a0FCFA est arrêté. Merci pour votre soutien ! Pour donner à nouveau : https://asbe.example.bj/donation',
    );
    // A fresh link in the pause SMS opens the pledge (« Reprendre » is there).
    const link = /engagement\/([\w-]+)/.exec(sent[0]!)![1]!;
    expect((await view(link)).statusCode).toBe(200);
  });
});
