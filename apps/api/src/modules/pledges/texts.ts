import { DONATION_PURPOSE_LABELS, type DonationPurpose, ORGANISATION } from '@shared/constants';
import { formatFcfa } from '@shared/format';
import { PLEDGE_FREQUENCY_ADJECTIVES, type PledgeFrequency } from '@shared/schemas/pledges';
import { frenchDate } from './dates';

// The messages a pledge sends. The SMS leave out the cause's name (it may carry letters outside the GSM alphabet,
// which smsWireText in packages/shared/src/schemas/sms-commands.ts would have to fold or send in UCS-2), so that a
// message with its link stays two SMS segments; the e-mail says the same with the cause.

interface PledgeFacts {
  name: string;
  amount: number;
  frequency: string;
  purpose: string;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;
const gift = (p: PledgeFacts) =>
  `votre don ${PLEDGE_FREQUENCY_ADJECTIVES[p.frequency as PledgeFrequency] ?? ''} de ${formatFcfa(p.amount)}`;
const cause = (p: PledgeFacts) => DONATION_PURPOSE_LABELS[p.purpose as DonationPurpose] ?? p.purpose;
const sign = `\n\nMerci pour votre engagement.\n${ORGANISATION.name}`;

export interface PledgeNotice {
  subject: string;
  sms: string;
  text: string;
}

const notice = (subject: string, sms: string, p: PledgeFacts): PledgeNotice => ({
  subject,
  sms,
  text: `${sms}\n\nCause soutenue : ${cause(p)}.${sign}`,
});

/** Sent when the pledge is made: where to manage it. */
export function createdNotice(p: PledgeFacts, nextDue: string, manageUrl: string): PledgeNotice {
  return notice(
    'Votre engagement de don',
    `${ORGANISATION.shortName} : merci ${firstName(p.name)} ! V${gift(p).slice(1)} est enregistré. Prochaine échéance : ${frenchDate(nextDue)}. Gérer votre engagement : ${manageUrl}`,
    p,
  );
}

/**
 * Sent after the donor (or someone for them) paused, resumed, changed or stopped the pledge: what it is now and how
 * to undo it (« Reprendre » is on the page of the link; after a stop, a new pledge starts from the gift page).
 */
export function changedNotice(
  p: PledgeFacts,
  action: 'pause' | 'resume' | 'cancel' | 'change',
  nextDue: string,
  manageUrl: string,
  giveUrl: string,
): PledgeNotice {
  const who = `${ORGANISATION.shortName} : `;
  const texts = {
    pause: ['Votre engagement est en pause', `${who}${gift(p)} est en pause. Pour le reprendre : ${manageUrl}`],
    resume: [
      'Votre engagement reprend',
      `${who}${gift(p)} reprend. Prochaine échéance : ${frenchDate(nextDue)}. Gérer votre engagement : ${manageUrl}`,
    ],
    change: [
      'Votre engagement est modifié',
      `${who}c'est noté : ${gift(p)}. Prochaine échéance : ${frenchDate(nextDue)}. Gérer votre engagement : ${manageUrl}`,
    ],
    cancel: ['Votre engagement est arrêté', `${who}${gift(p)} est arrêté. Merci pour votre soutien ! Pour donner à nouveau : ${giveUrl}`],
  } as const;
  const [subject, sms] = texts[action];
  return notice(subject, sms, p);
}

/** Sent on the due day: the personal payment link. */
export function dueNotice(p: PledgeFacts, payUrl: string): PledgeNotice {
  return notice(
    'Votre don arrive à échéance',
    `${ORGANISATION.shortName} : bonjour ${firstName(p.name)}, ${gift(p)} arrive à échéance aujourd'hui. Pour le verser (ou gérer votre engagement) : ${payUrl}`,
    p,
  );
}

/** Sent 3 days after an unpaid due. */
export function reminderNotice(p: PledgeFacts, dueDate: string, payUrl: string): PledgeNotice {
  return notice(
    'Rappel : votre don en attente',
    `${ORGANISATION.shortName} : rappel, ${gift(p)} du ${frenchDate(dueDate)} n'est pas encore versé. Pour le verser : ${payUrl}`,
    p,
  );
}

/** Sent when two dues in a row went unpaid and the pledge paused itself. */
export function pausedNotice(p: PledgeFacts, manageUrl: string): PledgeNotice {
  return notice(
    'Votre engagement est en pause',
    `${ORGANISATION.shortName} : ${gift(p)} est mis en pause après deux échéances non réglées. Pour le reprendre ou y mettre fin : ${manageUrl}`,
    p,
  );
}
