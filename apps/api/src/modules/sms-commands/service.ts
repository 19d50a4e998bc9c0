import { DONATION_PURPOSE_LABELS, DONATION_PURPOSES, type DonationPurpose } from '@shared/constants';
import { formatFcfa } from '@shared/format';
import { MAX_PAYMENT_AMOUNT } from '@shared/schemas/payment';
import { causeEcho, SMS_ANSWERS, SMS_COMMANDS, SMS_COMMANDS_PER_HOUR, type SmsCommand, type SmsPledge } from '@shared/schemas/sms-commands';
import { parseFcfa } from '@shared/text-rules';
import type { DB } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import { HttpError } from '../../platform/lib/http-errors';
import { enqueueMessage } from '../messages';
import { initiateDonation, initiatePayment, type PaymentsContext } from '../payments';
import { changePledgesByTelephone } from '../pledges';
import { getFeeSettings } from '../settings';
import { withdrawChannel } from '../whatsapp';
import { countSmsCommandsSince, pruneSmsCommands, recordSmsCommand } from './data';

// Commands by SMS (docs/giving-by-phone.md): read without accents or case, answered through the outbox in
// French; a gift or a fee is a payment request on the sender's own telephone (mode push), never a page.

const HOUR_MS = 60 * 60 * 1000;
const MIN_GIFT = 100;

const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().replace(/\s+/g, ' ').trim();

export type ParsedCommand =
  | {
      command: 'DON';
      amount: number | null;
      /** « DON 5000,50 »: amounts are whole FCFA. */
      notWhole?: boolean;
      /** « DON 1,000,000 »: digits the separators make unreadable (written without them, it is read). */
      separators?: boolean;
      tooSmall?: boolean;
      tooLarge?: boolean;
      cause: DonationPurpose | null;
      unknownCause?: string;
    }
  | { command: Exclude<SmsCommand, 'DON'> }
  | { command: 'several' }
  | { command: 'unknown' };

/** What a message asks, with the amount and cause of a gift (« DON 5 000 F ecole »). */
export function parseSmsCommand(body: string): ParsedCommand {
  const words = plain(body).split(' ').filter(Boolean);
  const commands = words.filter((w) => (SMS_COMMANDS as readonly string[]).includes(w));
  if (commands.length > 1) return { command: 'several' };
  const first = words[0];
  if (!first || !(SMS_COMMANDS as readonly string[]).includes(first)) return { command: 'unknown' };
  if (first !== 'DON') return { command: first as Exclude<SmsCommand, 'DON'> };
  // « 1000F », « 5 000FCFA »: the currency glued to the last group of digits is a word of its own. A comma or a
  // dot belongs to the amount (« 5.000 », « 5000,50 »), which parseFcfa then reads or finds not whole.
  const rest = words.slice(1).flatMap((w) => {
    const glued = /^([\d.,]+)(F|FCFA|CFA)$/.exec(w);
    return glued ? [glued[1]!, glued[2]!] : [w];
  });
  const digits: string[] = [];
  while (rest.length && /^[\d.,]+$/.test(rest[0]!)) digits.push(rest.shift()!);
  while (rest.length && /^(F|FCFA|CFA|FRANCS?)$/.test(rest[0]!)) rest.shift();
  const parsed = digits.length ? parseFcfa(digits.join(' ')) : null;
  const amount = typeof parsed === 'number' ? parsed : null;
  const causeText = rest.join(' ');
  const cause = causeText ? findCause(causeText) : null;
  return {
    command: 'DON',
    amount,
    ...(parsed === 'not-whole' ? { notWhole: true } : {}),
    ...(digits.length && parsed === null ? { separators: true } : {}),
    ...(amount !== null && amount < MIN_GIFT ? { tooSmall: true } : {}),
    ...(amount !== null && amount > MAX_PAYMENT_AMOUNT ? { tooLarge: true } : {}),
    cause,
    ...(causeText && !cause ? { unknownCause: causeText.toLowerCase() } : {}),
  };
}

function findCause(text: string): DonationPurpose | null {
  const wanted = plain(text);
  return DONATION_PURPOSES.find((p) => plain(p) === wanted || plain(DONATION_PURPOSE_LABELS[p]) === wanted) ?? null;
}

/**
 * Carries out one message from `telephone` and queues its answer. At most SMS_COMMANDS_PER_HOUR commands an hour:
 * the next one gets one answer saying so, and later ones none (50 messages never make 50 SMS).
 */
export async function handleSmsCommand(
  db: DB,
  payments: PaymentsContext,
  telephone: string,
  body: string,
  messageSid: string | null = null,
): Promise<void> {
  const now = clock.now();
  const since = new Date(now.getTime() - HOUR_MS).toISOString();
  // Rows past the hour count for nothing (an index on created_at makes this cheap when there are none).
  await pruneSmsCommands(db, since);
  const count = await countSmsCommandsSince(db, telephone, since);
  const parsed = parseSmsCommand(body);
  // The same message (a replayed or retried call) is carried out once.
  if (!(await recordSmsCommand(db, telephone, parsed.command, now.toISOString(), messageSid))) return;
  if (count >= SMS_COMMANDS_PER_HOUR) {
    if (count === SMS_COMMANDS_PER_HOUR) await reply(db, telephone, SMS_ANSWERS.tooMany);
    return;
  }
  await reply(db, telephone, await answer(db, payments, telephone, parsed));
}

async function answer(db: DB, payments: PaymentsContext, telephone: string, parsed: ParsedCommand): Promise<string | null> {
  switch (parsed.command) {
    case 'DON': {
      if (parsed.notWhole) return SMS_ANSWERS.amountNotWhole;
      if (parsed.separators) return SMS_ANSWERS.amountSeparators;
      if (parsed.amount === null) return SMS_ANSWERS.amountMissing;
      if (parsed.tooSmall) return SMS_ANSWERS.amountTooSmall;
      if (parsed.tooLarge) return SMS_ANSWERS.amountTooLarge;
      // The cause is the sender's text: repeated cut short, so that the answer stays within two SMS.
      if (parsed.unknownCause) return SMS_ANSWERS.causeUnknown(causeEcho(parsed.unknownCause));
      const purpose = parsed.cause ?? 'autres';
      return push(
        payments,
        telephone,
        () =>
          initiateDonation(payments, { amount: parsed.amount!, purpose, name: undefined, phone: telephone, mode: 'push', origin: 'sms' }),
        SMS_ANSWERS.pushSent(formatFcfa(parsed.amount), 'don'),
      );
    }
    case 'ADHESION':
    case 'COTISATION': {
      const fees = await getFeeSettings(db);
      const type = parsed.command === 'ADHESION' ? 'adhesion' : 'cotisation';
      const amount = type === 'adhesion' ? fees.adhesion_amount : fees.cotisation_amount;
      return push(
        payments,
        telephone,
        () =>
          initiatePayment(
            payments,
            { name: 'Paiement par SMS', phone: telephone, amount, payment_type: type, mode: 'push', origin: 'sms' },
            null,
          ),
        SMS_ANSWERS.pushSent(formatFcfa(amount), type === 'adhesion' ? 'adhésion' : 'cotisation'),
      );
    }
    case 'PAUSE':
    case 'REPRISE':
    case 'ARRET': {
      const action = parsed.command === 'PAUSE' ? 'pause' : parsed.command === 'REPRISE' ? 'resume' : 'cancel';
      const changed = await changePledgesByTelephone(db, telephone, action);
      if (changed.length === 0) return SMS_ANSWERS.noPledge;
      // Written as everywhere else; the wire carries the no-break spaces as plain ones (smsWireText, twilio-sms.ts).
      const named: SmsPledge[] = changed.map((p) => ({
        amount: formatFcfa(p.amount),
        frequency: p.frequency as SmsPledge['frequency'],
      }));
      return action === 'pause' ? SMS_ANSWERS.paused(named) : action === 'resume' ? SMS_ANSWERS.resumed(named) : SMS_ANSWERS.stopped(named);
    }
    case 'STOP':
      // The withdrawal queues its own confirmation (whatsapp/service.ts).
      await withdrawChannel(db, 'sms', telephone);
      return null;
    case 'several':
      return SMS_ANSWERS.oneAtATime;
    default:
      return SMS_ANSWERS.help;
  }
}

async function push(payments: PaymentsContext, telephone: string, open: () => Promise<string>, sent: string): Promise<string> {
  // A number no network of the provider serves gets its own answer; nothing is created for it.
  if (payments.gateway.pushPhoneProblem(telephone)) return SMS_ANSWERS.unknownOperator;
  try {
    await open();
    return sent;
  } catch (error) {
    // Too many requests on this number already (the limit of payments/money.ts): nothing was created.
    if (error instanceof HttpError && error.statusCode === 429) return SMS_ANSWERS.pushTooMany;
    return SMS_ANSWERS.pushUnavailable;
  }
}

/** An answer to the person's own message: sent even after their STOP (category `reponse`, whatsapp-channel.ts). */
async function reply(db: DB, telephone: string, body: string | null) {
  if (body) await enqueueMessage(db, { channel: 'sms', to: telephone, body, category: 'reponse' });
}
