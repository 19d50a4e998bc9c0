import { ORGANISATION } from '@shared/constants';
import { formatFcfa } from '@shared/format';
import { formatTelephone } from '@shared/phone';
import { CODE_LOGIN_ROLES } from '@shared/schemas/login-code';

// Every text the platform sends, in French. SMS stay within 300 characters (two SMS at most); the
// e-mail gets the same words as its text part and a simple HTML layout.

export const SMS_MAX = 300;

export interface Notice {
  subject: string;
  sms: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Shortens a person's name so a message never outgrows two SMS. */
const short = (name: string | null | undefined, max = 40) => {
  const n = (name ?? '').trim().replace(/\s+/g, ' ');
  return n.length > max ? `${n.slice(0, max - 1)}…` : n;
};

/** A simple French e-mail: title, paragraphs, an optional button, the association's footer. */
export function emailLayout(options: {
  title: string;
  paragraphs: string[];
  link?: { href: string; label: string };
  /** A page's one button that POSTs to `action` (e.g. the unsubscribe confirmation); not for e-mails. */
  form?: { action: string; label: string };
  footer?: string;
  /** The organisation's current name (settings), signing the e-mail; the built-in name when unset. */
  organisation?: string;
}): string {
  const paragraphs = options.paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('');
  const button = options.link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(options.link.href)}" style="background:#15803d;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(options.link.label)}</a></p>`
    : '';
  const form = options.form
    ? `<form method="post" action="${escapeHtml(options.form.action)}" style="margin:24px 0"><button type="submit" style="background:#15803d;color:#fff;padding:12px 20px;border:0;border-radius:6px;font-size:16px;cursor:pointer">${escapeHtml(options.form.label)}</button></form>`
    : '';
  const footer = options.footer ?? '';
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(options.title)}</title></head><body style="margin:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b"><div style="max-width:560px;margin:0 auto;padding:24px"><div style="background:#fff;border-radius:8px;padding:24px"><h1 style="font-size:20px;margin:0 0 16px;color:#15803d">${escapeHtml(options.title)}</h1>${paragraphs}${form}${button}</div><p style="font-size:12px;color:#71717a;margin:16px 0 0">${escapeHtml(options.organisation ?? ORGANISATION.name)} — ${escapeHtml(ORGANISATION.city)}, ${escapeHtml(ORGANISATION.country)}${footer}</p></div></body></html>`;
}

/** French typography: a no-break space before : ! ? ; (written with plain spaces in the sources for readability). */
export const frenchSpacing = (s: string) => s.replace(/ ([:!?;])(?=\s|$)/g, '\u00a0$1');

function notice(
  subject: string,
  rawSms: string,
  rawParagraphs: string[],
  link?: { href: string; label: string },
  signedBy: string = ORGANISATION.name,
): Notice {
  const sms = frenchSpacing(rawSms);
  const paragraphs = rawParagraphs.map(frenchSpacing);
  const text = frenchSpacing(
    [...paragraphs, ...(link ? [`${link.label} : ${link.href}`] : []), '', `— ${signedBy}`].join('\n\n').replace(/\n{3,}/g, '\n\n'),
  );
  subject = frenchSpacing(subject);
  return {
    subject,
    sms: sms.length > SMS_MAX ? `${sms.slice(0, SMS_MAX - 1)}…` : sms,
    text,
    html: emailLayout({ title: subject, paragraphs, link, organisation: signedBy }),
  };
}

export function resetCodeNotice(code: string): Notice {
  return notice(
    'Votre code de réinitialisation ASBE',
    `ASBE : votre code de réinitialisation est ${code}. Il est valable 15 minutes. Ne le communiquez à personne.`,
    [
      `Votre code de réinitialisation du mot de passe est : ${code}`,
      'Il est valable 15 minutes et ne sert qu’une fois. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.',
    ],
  );
}

/**
 * How a person whose account someone else set up signs in. Members, sympathisants and consumers sign in with a code
 * sent by SMS (docs/product/recovery.md, « Login by code »), never with a password they were not given;
 * administrators and advisers keep the password their creator handed them.
 */
function howToSignIn(role: string | undefined, telephone: string, login: string): string {
  const number = formatTelephone(telephone);
  if (role === undefined || (CODE_LOGIN_ROLES as readonly string[]).includes(role)) {
    return `sur ${login} : touchez «\u00a0Recevoir un code par SMS\u00a0», un code est envoyé au ${number}.`;
  }
  return `sur ${login} avec votre numéro ${number} et le mot de passe que l’on vous a remis, puis choisissez le vôtre.`;
}

export function accountConfirmedNotice(user: { name: string; telephone: string; role?: string }, publicUrl: string): Notice {
  const login = `${publicUrl}/connexion`;
  const how = `Connectez-vous ${howToSignIn(user.role, user.telephone, login)}`;
  return notice(
    'Votre compte ASBE est confirmé',
    `ASBE : bonjour ${short(user.name)}, votre compte est confirmé. ${how}`,
    [`Bonjour ${short(user.name, 80)},`, `Votre compte est confirmé. ${how}`],
    { href: login, label: 'Se connecter' },
  );
}

/**
 * To a person whose account someone else created (an administrator or an adviser): how to sign in. An account
 * created by an adviser waits for an administrator's confirmation; the confirmation notice follows then.
 */
export function accountCreatedNotice(
  user: { name: string; telephone: string; role?: string },
  publicUrl: string,
  confirmed: boolean,
): Notice {
  const login = `${publicUrl}/connexion`;
  const how = `connectez-vous ${howToSignIn(user.role, user.telephone, login)}`;
  const when = confirmed ? `Pour y accéder, ${how}` : `Dès sa confirmation (un SMS vous le dira), ${how}`;
  return notice(
    'Un compte ASBE a été créé pour vous',
    `ASBE : bonjour ${short(user.name)}, un compte a été créé pour vous. ${when}`,
    [`Bonjour ${short(user.name, 80)},`, `Un compte a été créé pour vous sur le site de l’association. ${when}`],
    { href: login, label: 'Se connecter' },
  );
}

/** `publicProfile`: the volunteer ticked « apparaître sur le site » (unticked by default); only then is the profile public. */
export function volunteerConfirmedNotice(volunteer: { name: string; publicProfile?: boolean }): Notice {
  const shown = volunteer.publicProfile ? ' et votre profil est désormais visible sur notre site, comme vous l’avez choisi' : '';
  return notice(
    'Votre candidature de bénévole est acceptée',
    `ASBE : bonjour ${short(volunteer.name)}, votre candidature de bénévole est acceptée. Merci pour votre engagement ! Nous vous contacterons bientôt.`,
    [
      `Bonjour ${short(volunteer.name, 80)},`,
      `Votre candidature de bénévole est acceptée${shown}. Merci pour votre engagement ! Nous vous contacterons bientôt.`,
    ],
  );
}

export function moneyApprovedNotice(
  kind: 'payment' | 'donation',
  amount: number,
  receiptUrl: string | null,
  organisation: string = ORGANISATION.name,
): Notice {
  const what =
    kind === 'donation'
      ? `votre don de ${formatFcfa(amount)} est bien reçu. Merci pour votre générosité !`
      : `votre paiement de ${formatFcfa(amount)} est confirmé. Merci !`;
  const sms = `ASBE : ${what}${receiptUrl ? ` Reçu : ${receiptUrl}` : ''}`;
  return notice(
    kind === 'donation' ? 'Merci pour votre don' : 'Votre paiement est confirmé',
    sms,
    [`Bonjour,`, what.charAt(0).toUpperCase() + what.slice(1)],
    receiptUrl ? { href: receiptUrl, label: 'Voir le reçu' } : undefined,
    organisation,
  );
}

export function moneyFailedNotice(kind: 'payment' | 'donation', amount: number, retryUrl: string): Notice {
  const what = `votre ${kind === 'donation' ? 'don' : 'paiement'} de ${formatFcfa(amount)} n’a pas abouti.`;
  return notice(
    kind === 'donation' ? 'Votre don n’a pas abouti' : 'Votre paiement n’a pas abouti',
    `ASBE : ${what} Vous pouvez réessayer sur ${retryUrl}`,
    ['Bonjour,', `${what.charAt(0).toUpperCase()}${what.slice(1)} Vous pouvez réessayer quand vous le souhaitez.`],
    { href: retryUrl, label: 'Réessayer' },
  );
}

export interface DigestCounts {
  accounts: number;
  volunteers: number;
  testimonials: number;
  projects: number;
}

export function digestNotice(counts: DigestCounts, publicUrl: string): Notice {
  const parts: string[] = [];
  const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;
  if (counts.accounts) parts.push(plural(counts.accounts, 'compte à confirmer', 'comptes à confirmer'));
  if (counts.volunteers) parts.push(plural(counts.volunteers, 'bénévole à confirmer', 'bénévoles à confirmer'));
  if (counts.testimonials) parts.push(plural(counts.testimonials, 'témoignage à modérer', 'témoignages à modérer'));
  if (counts.projects) parts.push(plural(counts.projects, 'nouveau projet', 'nouveaux projets'));
  const url = `${publicUrl}/dashboard-administrateur`;
  return notice(
    'ASBE : ce qui vous attend aujourd’hui',
    `ASBE : en attente — ${parts.join(', ')}. ${url}`,
    ['Bonjour,', `En attente aujourd’hui : ${parts.join(', ')}.`],
    {
      href: url,
      label: 'Ouvrir le tableau de bord',
    },
  );
}

export function newsletterEmail(subject: string, body: string, unsubscribeUrl: string): { text: string; html: string } {
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  const text = `${body}\n\n—\n${ORGANISATION.name}\nSe désinscrire\u00a0: ${unsubscribeUrl}`;
  const footer = `<br><a href="${escapeHtml(unsubscribeUrl)}" style="color:#71717a">Se désinscrire de la newsletter</a>`;
  return { text, html: emailLayout({ title: subject, paragraphs, footer }) };
}

export function htmlPage(title: string, message: string, homeUrl: string, form?: { action: string; label: string }): string {
  return emailLayout({ title, paragraphs: [frenchSpacing(message)], form, link: { href: homeUrl, label: "Retour au site de l'ASBE" } });
}

export function volunteerRefusedNotice(volunteer: { name: string }, reason: string): Notice {
  return notice(
    'Votre candidature de bénévole',
    `ASBE : bonjour ${short(volunteer.name)}, votre candidature de bénévole n'a pas été retenue. Raison : ${short(reason, 180)}`,
    [
      `Bonjour ${short(volunteer.name, 80)},`,
      "Merci de l'intérêt que vous portez à notre association. Votre candidature de bénévole n'a pas été retenue pour la raison suivante :",
      reason,
      'Vous pouvez nous écrire depuis la page Contact si vous souhaitez en parler ou présenter une nouvelle candidature.',
    ],
  );
}
