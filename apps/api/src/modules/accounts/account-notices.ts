import { ORGANISATION } from '@shared/constants';
import type { DB } from '../../platform/database/database';
import { notifyPerson } from '../messages';

// docs/decisions/policy.md: a change of telephone, e-mail or password is told to the person by SMS and to
// the former e-mail address, so that a takeover never goes unnoticed by the one who held the account.

const WHAT = { telephone: 'le numéro de téléphone', email: 'l’adresse e-mail', password: 'le mot de passe' } as const;

export async function notifyIdentifiersChanged(
  db: DB,
  former: { id: number; name: string; telephone: string; email: string | null },
  changed: { telephone?: boolean; email?: boolean; password?: boolean },
  publicUrl: string,
) {
  const what = (Object.keys(WHAT) as (keyof typeof WHAT)[]).filter((k) => changed[k]).map((k) => WHAT[k]);
  if (what.length === 0) return;
  const list = what.length === 1 ? what[0] : `${what.slice(0, -1).join(', ')} et ${what.at(-1)}`;
  const sms = `${ORGANISATION.shortName} : ${list} de votre compte vient d’être modifié. Si ce n’est pas vous, appelez l’association ou écrivez-nous sans attendre : ${publicUrl}/contact`;
  await notifyPerson(
    db,
    { telephone: former.telephone, email: former.email || null },
    {
      subject: 'Modification de votre compte',
      sms,
      text: `Bonjour ${former.name},\n\n${sms}\n`,
      category: 'avis',
    },
  );
}

/** A new administrator chooses their own password: the one the proposer may know was voided (account-changes.ts). */
export async function notifyNewAdministrator(db: DB, person: { name: string; telephone: string; email: string | null }, publicUrl: string) {
  const sms = `${ORGANISATION.shortName} : vous êtes désormais administrateur. Choisissez votre mot de passe avec « Mot de passe oublié » (un code est envoyé à ce numéro) : ${publicUrl}/mot-de-passe-oublie`;
  await notifyPerson(
    db,
    { telephone: person.telephone, email: person.email || null },
    { subject: 'Vous êtes administrateur', sms, text: `Bonjour ${person.name},\n\n${sms}\n`, category: 'avis' },
  );
}
