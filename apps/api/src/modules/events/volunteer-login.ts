import { randomInt } from 'node:crypto';
import { ORGANISATION } from '@shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../../platform/lib/passwords';
import { CODE_MASK, issueCode, verifyCode } from '../codes';
import type { DB } from '../../platform/database/database';
import { fieldError } from '../../platform/lib/http-errors';
import { toE164 } from '../../platform/lib/phone';
import { enqueueMessage } from '../messages';
import * as data from './data';
import { openVolunteerSession } from './shifts';

// A confirmed volunteer (no account needed) proves their telephone with a one-time SMS code, under the same rules
// as account recovery codes; the answer to a request is the same whether the telephone is a volunteer's or not,
// and so is its time: the route answers first and the work (look-up, hashing, queueing) runs after the answer,
// with a throw-away hash for an unknown number so the machine's load does not tell either.

export const VOLUNTEER_CODE_SENT = 'Si ce numéro est celui d’un bénévole confirmé, un code vient de lui être envoyé par SMS.';
export const VOLUNTEER_CODE_INVALID = 'Code invalide ou expiré. Demandez un nouveau code.';

const pending = new Set<Promise<void>>();

/** Runs a code request after the current answer has gone out; failures are logged, never answered. */
export function requestVolunteerCodeAfterAnswer(db: DB, telephone: string, passwordCost: number, log: FastifyBaseLogger): void {
  const work: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => requestVolunteerCode(db, telephone, passwordCost))
    .catch((error: unknown) => log.error({ err: error }, 'volunteer code request failed'))
    .finally(() => pending.delete(work));
  pending.add(work);
}

/** Waits for the code requests still running (closing the app, and tests that check what was queued). */
export async function settleVolunteerCodeRequests(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

export async function requestVolunteerCode(db: DB, telephone: string, passwordCost: number): Promise<void> {
  const e164 = toE164(telephone);
  if (!e164) return;
  const volunteer = await data.confirmedVolunteerByTelephone(db, e164);
  if (!volunteer) {
    await hashPassword(String(randomInt(0, 1_000_000)).padStart(6, '0'), passwordCost);
    return;
  }
  await issueCode(db, {
    purpose: 'volunteer_login',
    subject: e164,
    passwordCost,
    notify: async (trx, code) => {
      const body = `${ORGANISATION.shortName} : votre code de connexion à l'espace bénévole est ${CODE_MASK}. Il est valable 15 minutes.`;
      await enqueueMessage(trx, { channel: 'sms', to: e164, body, secret: code });
    },
  });
}

export async function loginVolunteerWithCode(db: DB, telephone: string, code: string, passwordCost: number): Promise<string> {
  const e164 = toE164(telephone) ?? telephone.trim();
  const result = await verifyCode(db, { purpose: 'volunteer_login', subject: e164, code, passwordCost });
  const volunteer = result.ok ? await data.confirmedVolunteerByTelephone(db, e164) : undefined;
  if (!volunteer) throw fieldError('code', VOLUNTEER_CODE_INVALID);
  return openVolunteerSession(db, volunteer.id);
}
