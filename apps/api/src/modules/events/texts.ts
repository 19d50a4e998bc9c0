import { ORGANISATION } from '@shared/constants';
import { formatCotonouDateTime, formatFcfa } from '@shared/format';
import { refundNotice } from '@shared/schemas/events';

// The SMS of the events area (each ≤ 300 characters; times in Cotonou time).

const org = ORGANISATION.shortName;
const short = (title: string) => (title.length > 60 ? `${title.slice(0, 57)}…` : title);
/** French typography: no-break spaces inside « » and before : ! ? (written with plain spaces below for readability). */
const typeset = (text: string) =>
  text
    .replace(/« /g, '«\u00a0')
    .replace(/ »/g, '\u00a0»')
    .replace(/ ([:!?])(?=\s|$)/g, '\u00a0$1');

const texts = {
  ticket: (title: string, startsAt: string, code: string, url: string) =>
    `${org} : inscription confirmée à « ${short(title)} », ${formatCotonouDateTime(startsAt)}. Code billet : ${code}. Billet : ${url}`,
  waiting: (title: string, url: string) =>
    `${org} : « ${short(title)} » est complet, vous êtes sur la liste d’attente. Nous vous écrirons si une place se libère. Suivi : ${url}`,
  promotedFree: (title: string, startsAt: string, code: string, url: string) =>
    `${org} : une place s’est libérée ! Votre inscription à « ${short(title)} » (${formatCotonouDateTime(startsAt)}) est confirmée. Code billet : ${code}. Billet : ${url}`,
  promotedPaid: (title: string, amount: number, url: string) =>
    `${org} : une place s’est libérée pour « ${short(title)} ». Réglez ${formatFcfa(amount)} dans les 30 minutes pour la garder : ${url}`,
  reminder: (title: string, startsAt: string, place: string, code: string, url: string) =>
    `${org} : rappel, « ${short(title)} » a lieu demain, ${formatCotonouDateTime(startsAt)}, ${place.slice(0, 60)}. Code billet : ${code}. Billet : ${url}`,
  /** The one reminder of a telephone holding several tickets for the event: their count and seats, and the first ticket. */
  reminderMany: (title: string, startsAt: string, place: string, tickets: number, seats: number, code: string, url: string) =>
    `${org} : rappel, « ${short(title)} » a lieu demain, ${formatCotonouDateTime(startsAt)}, ${place.slice(0, 40)}. Vos ${tickets} billets, ${seats} places. Premier billet : ${code}, ${url}`,
  /** A ticket cancelled by its holder (from /billet) or by the association (the back office); `refund`: FCFA paid for it, given back. */
  registrationCancelled: (title: string, startsAt: string, byAssociation: boolean, eventsUrl: string, refund = 0) =>
    `${org} : votre inscription à « ${short(title)} » (${formatCotonouDateTime(startsAt)}) ${byAssociation ? 'a été annulée par l’association' : 'est annulée, comme vous l’avez demandé'}.${refund > 0 ? ` ${refundNotice(refund)}` : ''} Les autres événements : ${eventsUrl}`,
  eventCancelled: (title: string, refund = 0) =>
    `${org} : l’événement « ${short(title)} » est annulé. Nous vous prions de nous excuser.${refund > 0 ? ` ${refundNotice(refund)}` : ''}`,
  shiftConfirm: (label: string, title: string, startsAt: string, url: string) =>
    `${org} : vous êtes inscrit(e) au créneau « ${short(label)} » (${short(title)}), ${formatCotonouDateTime(startsAt)}. Confirmez votre présence : ${url}`,
  shiftOffered: (label: string, title: string, startsAt: string, url: string) =>
    `${org} : une place de bénévole est libre au créneau « ${short(label)} » (${short(title)}), ${formatCotonouDateTime(startsAt)}. Pour la prendre : ${url}`,
};

type Texts = typeof texts;
/** The texts above, typeset. */
export const eventTexts = Object.fromEntries(
  Object.entries(texts).map(([name, text]) => [name, (...args: never[]) => typeset((text as (...a: never[]) => string)(...args))]),
) as Texts;
