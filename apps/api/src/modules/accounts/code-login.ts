import { CODE_LOGIN_ROLES, LOGIN_CODE_MESSAGES as M } from '@shared/schemas/login-code';
import { type DB, nowIso } from '../../platform/database/database';
import { unprocessable } from '../../platform/lib/http-errors';
import { clock } from '../../platform/lib/clock';
import { hashPassword } from '../../platform/lib/passwords';
import { telephoneSpellings, toE164 } from '../../platform/lib/phone';
import { TOKEN_LIFETIME_MS } from '../../platform/lib/tokens';
import { CODE_MASK, issueCode, verifyCode } from '../codes';
import { notifyPerson } from '../messages';
import { findAccountRow, findUserBySpellings, insertUser, pruneExpiredTokens } from './data';
import { findPhoneRecordName, linkPhoneRecords } from './data/phone-records';
import { issueToken, sessionUser } from './sessions';

// Signing in with a code sent by SMS (and by e-mail when the account has one), with the recovery code's rules
// (the codes module: 15 minutes, 5 tries counted atomically, 3 an hour). Only confirmed members, sympathisants
// and consumers may; anyone else — administrators and advisers included — gets the same answers as an unknown
// telephone, after the same work.

type Account = NonNullable<Awaited<ReturnType<typeof findAccountRow>>>;

const mayUseCode = (user: Account | undefined): user is Account =>
  user !== undefined &&
  user.is_confirmed === 1 &&
  ((user as { is_active?: number }).is_active ?? 1) === 1 &&
  (CODE_LOGIN_ROLES as readonly string[]).includes(user.role);

const subjectOf = (telephone: string) => toE164(telephone) ?? telephone.trim();

export function loginCodeNotice(code: string) {
  const sms = `ASBE : votre code de connexion est ${code}. Il est valable 15 minutes. Ne le communiquez à personne.`;
  return {
    subject: 'Votre code de connexion ASBE',
    sms,
    text: `${sms}\n\nSi vous n’avez rien demandé, ignorez ce message : personne ne peut se connecter sans ce code.`,
  };
}

// A throw-away code's hash, computed when no code is issued, so both answers cost one hash.
let dummy: Promise<string> | null = null;

/** POST /api/login/code/request: the same answer for every telephone. */
export async function requestLoginCode(db: DB, telephone: string, passwordCost: number): Promise<{ message: string }> {
  const user = await findUserBySpellings(db, telephoneSpellings(telephone));
  if (mayUseCode(user)) {
    const to = { telephone: toE164(user.telephone) ?? user.telephone, email: user.email?.trim() || null };
    // 'limited' (3 codes this hour) answers the same: nothing tells who has an account.
    await issueCode(db, {
      purpose: 'login',
      subject: subjectOf(telephone),
      userId: user.id,
      passwordCost,
      notify: (trx, code) => notifyPerson(trx, to, { ...loginCodeNotice(CODE_MASK), secret: code, category: 'code' }),
    });
  } else if (user === undefined && (await findPhoneRecordName(db, telephoneSpellings(telephone))) !== null) {
    // No account yet, but this telephone gave, pledged or registered: the account is created at the first right code.
    await issueCode(db, {
      purpose: 'login',
      subject: subjectOf(telephone),
      userId: null,
      passwordCost,
      notify: (trx, code) =>
        notifyPerson(
          trx,
          { telephone: subjectOf(telephone), email: null },
          { ...loginCodeNotice(CODE_MASK), secret: code, category: 'code' },
        ),
    });
  } else {
    dummy = hashPassword('000000', passwordCost);
    await dummy;
  }
  return { message: M.codeSent };
}

/**
 * A right code sent to a telephone with no account (it gave, pledged or registered): the account is created now,
 * sympathisant, confirmed, with no password (none matches) — or found, if a parallel request created it first.
 */
async function accountForPhoneRecords(db: DB, telephone: string): Promise<number | null> {
  const spellings = telephoneSpellings(telephone);
  const existing = await findUserBySpellings(db, spellings);
  if (existing) return existing.id;
  const name = await findPhoneRecordName(db, spellings);
  if (name === null) return null;
  const now = nowIso();
  try {
    return await insertUser(db, {
      name: name.slice(0, 100),
      email: '',
      telephone: subjectOf(telephone),
      password_hash: NO_PASSWORD,
      role: 'sympathisant',
      zone: null,
      zone_key: null,
      commune: null,
      department: null,
      is_confirmed: 1,
      first_login: 0,
      must_change_password: 0,
      created_by: null,
      created_at: now,
      updated_at: now,
    });
  } catch {
    // The telephone's unique index: a parallel code sign-in created it a moment ago.
    return (await findUserBySpellings(db, spellings))?.id ?? null;
  }
}

// Matches no password: neither an Argon2id nor a scrypt hash (passwords.ts), so only a code or recovery signs in.
const NO_PASSWORD = '!code-only';

const invalid = () => unprocessable({ code: [M.codeInvalid] }, M.codeInvalid);

/** POST /api/login/code: the login answer for a right code of an account that may use one. */
export async function loginWithCode(
  db: DB,
  input: { telephone: string; code: string; remember?: boolean },
  options: { passwordCost: number; membershipMonths: number },
) {
  const { passwordCost } = options;
  const result = await verifyCode(db, { purpose: 'login', subject: subjectOf(input.telephone), code: input.code, passwordCost });
  if (!result.ok) throw invalid();
  const userId = result.userId ?? (await accountForPhoneRecords(db, input.telephone));
  if (userId === null) throw invalid();
  // Checked again: the role or confirmation may have changed since the code was sent.
  const user = await findAccountRow(db, userId);
  if (!mayUseCode(user)) throw invalid();
  // The telephone is proved: what was given, pledged or registered with it shows in « Mon espace ».
  await linkPhoneRecords(db, user.id, telephoneSpellings(user.telephone), options.membershipMonths);
  await pruneExpiredTokens(db, user.id, nowIso());
  const token = await issueToken(
    db,
    user.id,
    input.remember ? TOKEN_LIFETIME_MS.remembered : TOKEN_LIFETIME_MS.session,
    null,
    clock.now().toISOString(),
  );
  return { token, user: sessionUser(user) };
}
