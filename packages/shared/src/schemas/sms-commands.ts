// Commands by SMS (docs/giving-by-phone.md): the words people send and every answer they get, in French.

export const SMS_COMMANDS = ['DON', 'ADHESION', 'COTISATION', 'PAUSE', 'REPRISE', 'ARRET', 'STOP', 'AIDE'] as const;
export type SmsCommand = (typeof SMS_COMMANDS)[number];

/** At most this many commands per number per hour; past it, one answer says so, then nothing. */
export const SMS_COMMANDS_PER_HOUR = 10;

// GSM 03.38: the basic set (one septet each) and its extension (two septets); any other character makes the SMS UCS-2.
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

/** How many SMS segments a text costs (GSM 7-bit: 160, then 153 each; UCS-2: 70, then 67 each). */
export function smsSegments(text: string): number {
  const chars = [...text];
  const gsm = chars.every((c) => GSM_BASIC.includes(c) || GSM_EXTENDED.includes(c));
  const units = gsm ? chars.reduce((n, c) => n + (GSM_EXTENDED.includes(c) ? 2 : 1), 0) : text.length;
  const [single, each] = gsm ? [160, 153] : [70, 67];
  return units <= single ? 1 : Math.ceil(units / each);
}

// Typography the site writes (no-break spaces, ’, « », —, …) has plain GSM equivalents; letters such as ê, ç or ô
// have none but their base letter, which French readers take without trouble on an SMS.
const TYPOGRAPHY: Record<string, string> = {
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
  '’': "'",
  '‘': "'",
  '«': '"',
  '»': '"',
  '“': '"',
  '”': '"',
  '—': '-',
  '–': '-',
  '−': '-',
  '…': '...',
};
const isGsm = (c: string) => GSM_BASIC.includes(c) || GSM_EXTENDED.includes(c);

/**
 * The text an SMS carries on the wire: the site's typography in GSM characters (what Twilio calls smart encoding),
 * then, when that alone leaves the message in UCS-2 and folding the other accented letters saves segments, those
 * letters without their accent (é, è, à, ù stay: they are GSM). What people pay for an SMS is its segments.
 */
export function smsWireText(text: string): string {
  const plain = [...text].map((c) => TYPOGRAPHY[c] ?? c).join('');
  if ([...plain].every(isGsm)) return plain;
  const folded = [...plain].map((c) => (isGsm(c) ? c : c.normalize('NFD').replace(/[\u0300-\u036f]/g, ''))).join('');
  return smsSegments(folded) < smsSegments(plain) ? folded : plain;
}

/** A pledge named in an answer: its amount as the SMS write it (« 5 000 FCFA », plain spaces) and its frequency. */
export interface SmsPledge {
  amount: string;
  frequency: 'mensuel' | 'trimestriel' | 'annuel';
}

/** An unknown cause repeated in the answer is cut to this many characters, « … » included (causeEcho). */
export const SMS_CAUSE_ECHO_MAX = 30;
/** Every answer to a command costs at most this many SMS segments (smsSegments). */
export const SMS_ANSWER_MAX_SEGMENTS = 2;
/** Pledges named in a PAUSE / REPRISE / ARRET answer; more are counted (« et 2 autres »). */
const SMS_PLEDGES_NAMED = 3;

// GSM alphabet only (no ’, no ê) in the pledge answers, like the pledge SMS (apps/api/src/modules/pledges/texts.ts).
function pledgeList(pledges: readonly SmsPledge[]): string {
  const named = pledges.slice(0, SMS_PLEDGES_NAMED).map((p) => `${p.amount} ${p.frequency}`);
  const more = pledges.length - named.length;
  return more > 0 ? `${named.join(', ')} et ${more} autre${more > 1 ? 's' : ''}` : named.join(', ');
}

function pledgesDone(pledges: readonly SmsPledge[], one: string, several: string, after = ''): string {
  if (pledges.length === 1) return `ASBE : votre don ${pledges[0]!.frequency} de ${pledges[0]!.amount} ${one}.${after}`;
  return `ASBE : vos ${pledges.length} dons réguliers (${pledgeList(pledges)}) ${several}.${after}`;
}

/** The unknown cause as an answer repeats it: at most SMS_CAUSE_ECHO_MAX characters, cut with « … ». */
export function causeEcho(cause: string): string {
  const chars = [...cause];
  return chars.length <= SMS_CAUSE_ECHO_MAX
    ? cause
    : `${chars
        .slice(0, SMS_CAUSE_ECHO_MAX - 1)
        .join('')
        .trimEnd()}…`;
}

export const SMS_ANSWERS = {
  help:
    'ASBE, commandes par SMS : DON 1000 (un don ; ajoutez la cause : DON 1000 sante), ADHESION ou COTISATION (payer la cotisation), ' +
    'PAUSE, REPRISE, ARRET (votre don mensuel), STOP (ne plus recevoir nos nouvelles), AIDE.',
  oneAtATime: 'ASBE : une seule commande par message, s’il vous plaît. Envoyez AIDE pour la liste.',
  amountMissing: 'ASBE : indiquez le montant après DON, par exemple DON 1000 ou DON 5 000 sante.',
  /** « DON 1,000,000 »: several separators (or one in a wrong place) are not read as an amount. */
  amountSeparators: 'ASBE : écrivez le montant sans point ni virgule, par exemple DON 1000000.',
  amountNotWhole: 'ASBE : le montant doit être un nombre entier de FCFA, par exemple DON 5000.',
  amountTooSmall: 'ASBE : le don minimum est de 100 FCFA. Exemple : DON 1000.',
  amountTooLarge: 'ASBE : ce montant est trop élevé pour un don par SMS. Exemple : DON 5000.',
  /** The cause repeated cut to SMS_CAUSE_ECHO_MAX characters, or dropped when the service finds it longer. */
  causeUnknown: (cause: string | null) =>
    `ASBE : cause ${cause ? `« ${cause} » ` : ''}inconnue (alimentation, education, logement, vetement, sante, protection, autres).`,
  pushSent: (amount: string, what: string) =>
    `ASBE : ${what} de ${amount}. Validez la demande de paiement qui s’affiche sur votre téléphone (mobile money). Merci !`,
  pushUnavailable: 'ASBE : le paiement par téléphone n’est pas disponible pour le moment. Réessayez plus tard ou donnez sur notre site.',
  pushTooMany: 'ASBE : trop de demandes de paiement vers ce numéro. Réessayez dans quelques minutes.',
  unknownOperator:
    'ASBE : ce numéro n’est pas un numéro mobile money MTN, Moov ou Celtiis du Bénin, nous ne pouvons pas lui envoyer la demande. Donnez sur notre site.',
  noPledge: 'ASBE : aucun don mensuel n’est enregistré pour ce numéro.',
  /** PAUSE, REPRISE, ARRET act on every pledge of the number concerned, and name them. */
  paused: (pledges: readonly SmsPledge[]) =>
    pledgesDone(
      pledges,
      'est mis en pause',
      'sont mis en pause',
      pledges.length > 1 ? ' Envoyez REPRISE pour les reprendre.' : ' Envoyez REPRISE pour le reprendre.',
    ),
  resumed: (pledges: readonly SmsPledge[]) => pledgesDone(pledges, 'reprend', 'reprennent', ' Merci !'),
  stopped: (pledges: readonly SmsPledge[]) => pledgesDone(pledges, 'prend fin', 'prennent fin', ' Merci pour votre générosité.'),
  tooMany: 'ASBE : trop de messages en une heure. Réessayez plus tard.',
} as const;
