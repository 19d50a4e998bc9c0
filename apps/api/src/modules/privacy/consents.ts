import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CONSENT_PURPOSES,
  CONSENT_WORDINGS,
  type ConsentPurpose,
  type FormConsents,
  type MyConsents,
  PRIVACY_MESSAGES as M,
} from '@shared/schemas/privacy';
import type { MessageChannelChoice } from '@shared/schemas/message-channel';
import { type DB, nowIso } from '../../platform/database/database';
import { fieldError, HttpError } from '../../platform/lib/http-errors';
import { telephoneSpellings, toE164 } from '../../platform/lib/phone';
import { CODE_MASK, issueCode, verifyCode } from '../codes';
import { notifyPerson } from '../messages';
import { consentsOf, insertConsent, setNewsletterSubscription, setVolunteerPublicProfile } from './data/consents';
import { loadSecret } from '../../platform/database/app-secrets';
import { addressHash, ERASURE_HASH_SECRET } from './data/person';

// Consents (docs/product/personal-data.md — Consent): each choice recorded with its wording's version, time, channel
// and address; the latest row of an address for a purpose is the person's current choice.

export interface ConsentContext {
  telephone?: string | null;
  email?: string | null;
  userId?: number | null;
  /** What the consent is about when not the address itself (testimonial:ID, donation:ID). */
  subject?: string | null;
  /** How it was expressed: web, lien, espace_membre, administration, legacy… */
  channel: string;
  /** The form or action: newsletter_form, testimonial_form, donation_form, consent_api, profile… */
  source: string;
  ip?: string | null;
}

const normalise = (ctx: ConsentContext) => ({
  telephone: ctx.telephone ? (toE164(ctx.telephone) ?? ctx.telephone.replace(/[\s.\-()]/g, '')) : null,
  email: ctx.email ? ctx.email.trim().toLowerCase() : null,
});

/** Records one choice (inside the caller's transaction when given one). */
export async function recordConsent(db: DB, purpose: ConsentPurpose, given: boolean, ctx: ConsentContext): Promise<number> {
  const { telephone, email } = normalise(ctx);
  return insertConsent(db, {
    purpose,
    given,
    wordingVersion: CONSENT_WORDINGS[purpose].version,
    channel: ctx.channel,
    source: ctx.source,
    telephone,
    email,
    userId: ctx.userId ?? null,
    subject: ctx.subject ?? null,
    ip: ctx.ip ?? null,
    createdAt: nowIso(),
  });
}

/**
 * A choice made through the consents API or the member space, with its effect: the newsletter subscription is
 * created or ended with the newsletter consent (the newsletter form and its unsubscribe link do both themselves).
 */
export async function changeConsent(db: DB, purpose: ConsentPurpose, given: boolean, ctx: ConsentContext): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await recordConsent(trx, purpose, given, ctx);
    const { email, telephone } = normalise(ctx);
    if (purpose === 'newsletter' && email) await setNewsletterSubscription(trx, email, given, nowIso());
    if (purpose === 'public_name') {
      await setVolunteerPublicProfile(trx, { telephones: telephone ? telephoneSpellings(telephone) : [], email }, given);
    }
  });
}

/** The `consents: {purpose: true|false}` a form sent: each explicit choice recorded; an absent one records nothing. */
export async function recordFormConsents(db: DB, consents: FormConsents | undefined, ctx: ConsentContext): Promise<void> {
  if (!consents) return;
  for (const purpose of CONSENT_PURPOSES) {
    const given = consents[purpose];
    if (typeof given === 'boolean') await recordConsent(db, purpose, given, ctx);
  }
}

/**
 * The channel a public form's person chose for their messages (`channel: "sms"|"whatsapp"`): the same WhatsApp
 * consent the member space switches, given for WhatsApp and withdrawn for SMS; no choice or no telephone records
 * nothing (docs/product/personal-data.md — Consent).
 */
export async function recordChannelChoice(
  db: DB,
  choice: MessageChannelChoice | undefined,
  ctx: Omit<ConsentContext, 'channel'> & { telephone?: string | null },
): Promise<void> {
  if (!choice || !ctx.telephone) return;
  await recordConsent(db, 'whatsapp', choice === 'whatsapp', { ...ctx, email: null, channel: 'web' });
}

/** Who sent a gift form: its signed-in account (the policy's AuthUser fields that matter here), or no one. */
export interface FormSender {
  id: number;
  telephone: string | null;
  /** The adviser acting for the account with an act-as token; null for the person's own login. */
  acting_user_id: number | null;
  /** When the SMS code that obtained the token was verified: the telephone is then proved. */
  code_verified_at: string | null;
}

/** The public forms whose channel choice is recorded through `recordOwnChannelChoice`: a choice, not a withdrawal. */
const FORM_CHOICE_SOURCES = new Set(['donation_form', 'payment_form', 'pledge_form', 'event_registration', 'volunteer_form']);

/**
 * The channel chosen on a public form (donation, fee, pledge, event registration, volunteer application) is recorded
 * as that channel's consent (CONTRACT « Phone-only people »). Anyone can type any telephone there, and giving or
 * withdrawing a consent for an address needs its proof (CONTRACT « Who may act on whom »), so (docs/whatsapp.md —
 * « The channel chosen on a public form »):
 * - the number's owner proved by an SMS code (signed in on their own login, not an adviser's act-as token, by a code
 *   to that number) records any choice;
 * - a signed-in sender's own number without that proof records any choice but a WhatsApp one over the number's STOP;
 * - anyone else (a stranger, a visitor) records a choice only where it changes nobody's decision: « whatsapp » not
 *   over a withdrawal of that consent (a STOP, a code, a link, the member space, or an SMS choice after a WhatsApp
 *   one), « sms » not over a consent given.
 * A signed-in sender's own number is recorded under their account. True when recorded.
 */
export async function recordOwnChannelChoice(
  db: DB,
  choice: MessageChannelChoice | undefined,
  ctx: { telephone?: string | null; sender: FormSender | null; source: string; ip?: string | null },
): Promise<boolean> {
  const { sender } = ctx;
  if (!choice || !ctx.telephone) return false;
  const telephone = toE164(ctx.telephone) ?? ctx.telephone;
  const own = !!sender?.telephone && sender.acting_user_id === null && telephoneSpellings(sender.telephone).includes(telephone);
  const proved = own && !!sender?.code_verified_at;
  if (!proved) {
    const rows = await consentsOf(db, { telephones: telephoneSpellings(telephone), emails: [] });
    const history = rows.filter((r) => r.purpose === 'whatsapp' && !r.subject);
    const last = history.at(-1);
    // The owner's last act on this consent (a code, a STOP, a link, the member space), whatever forms recorded since:
    // a stranger's « sms » after the owner's withdrawal must not make room for their « whatsapp » (probe of session 16).
    const ownerAct = history.findLast((r) => !FORM_CHOICE_SOURCES.has(r.source));
    if (choice === 'whatsapp' && last && !last.given) {
      if (last.source === 'stop' || (ownerAct?.source === 'stop' && !ownerAct.given)) return false;
      // Withdrawn: by an act of the owner (not a form's choice), or an SMS choice after a WhatsApp consent.
      const withdrawn = (ownerAct !== undefined && !ownerAct.given) || history.some((r) => r.given);
      if (!own && withdrawn) return false;
    }
    if (choice === 'sms' && !own && last?.given) return false;
  }
  await recordChannelChoice(db, choice, { telephone, userId: own ? sender!.id : null, source: ctx.source, ip: ctx.ip ?? null });
  return true;
}

/** The current choice per purpose of a person (latest row wins), for the member space. */
export async function currentConsents(db: DB, who: { telephone: string; email?: string | null; userId: number }): Promise<MyConsents> {
  const rows = await consentsOf(db, {
    telephones: telephoneSpellings(who.telephone),
    emails: who.email ? [who.email.toLowerCase()] : [],
    userId: who.userId,
  });
  return CONSENT_PURPOSES.map((purpose) => {
    const own = rows.filter((r) => r.purpose === purpose && !r.subject);
    const last = own.at(-1);
    // « Retiré le … » only for a withdrawal of a consent once given: choosing SMS on a form is no withdrawal of WhatsApp.
    const withdrawn = last?.given === 0 && own.some((r) => r.given === 1);
    return {
      purpose,
      label: CONSENT_WORDINGS[purpose].label,
      text: CONSENT_WORDINGS[purpose].text,
      given: last?.given === 1,
      since: last && (last.given === 1 || withdrawn) ? last.created_at : null,
    };
  });
}

/** A person's whole history (the administrator's lookup), oldest first. */
export async function consentHistory(db: DB, who: { telephone?: string; email?: string }) {
  const telephones = who.telephone ? telephoneSpellings(who.telephone) : [];
  const emails = who.email ? [who.email.toLowerCase()] : [];
  // An erased person's choices stay under a keyed hash of the address: the same address still finds them.
  const key = await loadSecret(db, ERASURE_HASH_SECRET);
  const rows = await consentsOf(db, {
    telephones: [...telephones, ...telephones.map((t) => addressHash(key, t))],
    emails: [...emails, ...emails.map((e) => addressHash(key, e))],
  });
  return rows.map((r) => ({ ...r, given: r.given === 1, purpose: r.purpose as ConsentPurpose }));
}

// --- Withdraw links: a message's link proves the address it was sent to, without a code ---

const SECRET_NAME = 'consent_links';

function sign(secret: string, purpose: string, address: string): string {
  return createHmac('sha256', secret).update(`consent:${purpose}:${address}`).digest('base64url').slice(0, 32);
}

/** The token of a withdraw link for this purpose and address (an E.164 telephone or a lower-cased e-mail). */
export async function withdrawToken(db: DB, purpose: ConsentPurpose, address: string): Promise<string> {
  const secret = await loadSecret(db, SECRET_NAME);
  const payload = Buffer.from(`${purpose}:${address}`).toString('base64url');
  return `${payload}.${sign(secret, purpose, address)}`;
}

/** The web page that withdraws this consent in one click (every newsletter and SMS news carries one). */
export async function withdrawLink(db: DB, publicUrl: string, purpose: ConsentPurpose, address: string): Promise<string> {
  return `${publicUrl}/consentement?jeton=${await withdrawToken(db, purpose, address)}`;
}

async function readToken(db: DB, token: string): Promise<{ purpose: ConsentPurpose; address: string } | null> {
  const [payload, sig] = token.split('.');
  if (!payload || !sig) return null;
  const decoded = Buffer.from(payload, 'base64url').toString('utf8');
  const at = decoded.indexOf(':');
  const purpose = decoded.slice(0, at) as ConsentPurpose;
  const address = decoded.slice(at + 1);
  if (at < 0 || !CONSENT_PURPOSES.includes(purpose) || !address) return null;
  const expected = Buffer.from(sign(await loadSecret(db, SECRET_NAME), purpose, address));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { purpose, address };
}

// --- POST /api/consents ---

export interface PublicConsentInput {
  purpose: ConsentPurpose;
  given: boolean;
  telephone?: string;
  email?: string;
  token?: string;
  code?: string;
}

export type PublicConsentResult = { status: 200; message: string } | { status: 202; message: string };

/**
 * A choice from outside a message's link is proved by a code sent to the ONE address it names (the telephone when
 * one is given, else the e-mail): the first call without a code sends it (202), the second with the code records the
 * choice for that proved address only — never for an address beside it that nobody proved. Giving needs the code too
 * (nobody subscribes someone else); a message's link (token) proves its address without a code.
 */
export async function publicConsent(
  db: DB,
  input: PublicConsentInput,
  opts: { ip: string | null; passwordCost: number },
): Promise<PublicConsentResult> {
  if (input.token) {
    const link = await readToken(db, input.token);
    if (!link || link.purpose !== input.purpose) throw fieldError('token', M.withdrawTokenInvalid, M.withdrawTokenInvalid);
    const isMail = link.address.includes('@');
    await changeConsent(db, link.purpose, input.given, {
      telephone: isMail ? null : link.address,
      email: isMail ? link.address : null,
      channel: 'lien',
      source: 'withdraw_link',
      ip: opts.ip,
    });
    return { status: 200, message: input.given ? M.consentGiven : M.consentWithdrawn };
  }
  const telephone = input.telephone ? toE164(input.telephone) : null;
  if (input.telephone && !telephone) throw fieldError('telephone', M.telephoneInvalid);
  const email = telephone ? null : (input.email ?? null);
  if (!telephone && !email) throw fieldError('telephone', M.addressRequired);
  const subject = telephone ?? email!;
  if (!input.code) {
    const result = await issueCode(db, {
      purpose: 'consent',
      subject,
      passwordCost: opts.passwordCost,
      notify: (trx, code) =>
        notifyPerson(trx, telephone ? { telephone } : { email }, {
          ...consentCodeNotice(CODE_MASK, input.given),
          secret: code,
          category: 'code',
        }),
    });
    if (result === 'limited') throw new HttpError(429, M.tooManyCodes);
    return { status: 202, message: input.given ? M.giveCodeSent : M.withdrawCodeSent };
  }
  const checked = await verifyCode(db, { purpose: 'consent', subject, code: input.code, passwordCost: opts.passwordCost });
  if (!checked.ok) throw fieldError('code', M.codeInvalid, M.codeInvalid);
  await changeConsent(db, input.purpose, input.given, { telephone, email, channel: 'web', source: 'consent_api', ip: opts.ip });
  return { status: 200, message: input.given ? M.consentGiven : M.consentWithdrawn };
}

function consentCodeNotice(code: string, given: boolean) {
  const what = given ? 'donner' : 'retirer';
  const sms = `ASBE : votre code pour ${what} votre consentement est ${code}. Il est valable 15 minutes.`;
  return { subject: 'Votre code de confirmation ASBE', sms, text: sms };
}
