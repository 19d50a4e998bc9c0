import { PassThrough, type Readable } from 'node:stream';
import { documentCheckWords } from '@shared/schemas/volunteer';
import type { Config } from '../../platform/config';
import { ORGANISATION } from '@shared/constants';
import { checkpointWal, type DB, nowIso } from '../../platform/database/database';
import { toE164 } from '../../platform/lib/phone';
import { ERASURE_CATEGORY, notifyPerson } from '../messages';
import { telephoneSpellings } from '../../platform/lib/phone';
import type { Storage } from '../../platform/storage/storage';
import { recordAudit } from '../audit';
import { currentController } from './controller';
import { myDataPage } from './my-data-page';
import { maskLinks, summarise } from './my-data-summary';
import { collectPerson, erasePersonRows, findUserByTelephones, type Person, type PersonData } from './data/person';

// Access (a ZIP of everything about a person) and erasure (docs/product/personal-data.md).

export type { Person };

/** The person behind an account: the account, every spelling of its telephone, its e-mail. */
export function personOfAccount(user: { id: number; telephone: string; email: string | null }): Person {
  return {
    userId: user.id,
    telephones: telephoneSpellings(user.telephone),
    emails: user.email ? [user.email.trim().toLowerCase()] : [],
  };
}

/**
 * The person a proved telephone names: that telephone's rows, and the account it belongs to (with the account's
 * e-mail). An e-mail given in a request is only used when it is that account's: the code proves the telephone.
 */
export async function personOfTelephone(db: DB, telephone: string): Promise<Person> {
  const spellings = telephoneSpellings(telephone);
  const account = await findUserByTelephones(db, spellings);
  if (account) return personOfAccount(account);
  return { userId: null, telephones: spellings, emails: [] };
}

/**
 * The person a proved request names: its telephone's person; for a request proved by e-mail alone, the rows of that
 * e-mail only (no account, no telephone: the code proved nothing more).
 */
export async function personOfRequest(db: DB, request: { telephone: string | null; email: string | null }): Promise<Person> {
  if (request.telephone) return personOfTelephone(db, request.telephone);
  return { userId: null, telephones: [], emails: request.email ? [request.email.trim().toLowerCase()] : [] };
}

const VOLUNTEER_FILES = [
  ['profile_image', 'volunteer-profile-images'],
  ['cv', 'cv'],
  ['motivation_letter', 'motivation_letter'],
  ['criminal_record', 'criminal_record'],
  ['restriction_proof', 'restriction_proof'],
] as const;

/** The storage keys of the files the person uploaded, with their name inside the ZIP. */
function filesOf(data: PersonData): Array<{ key: string; name: string }> {
  const files: Array<{ key: string; name: string }> = [];
  for (const v of data.candidatures_benevoles) {
    for (const [column, area] of VOLUNTEER_FILES) {
      const name = v[column];
      if (name) files.push({ key: `${area}/${name}`, name: `fichiers/benevole-${v.id}/${area}-${name}` });
    }
  }
  for (const t of data.temoignages)
    if (t.avatar) files.push({ key: `avatars/${t.avatar}`, name: `fichiers/temoignage-${t.id}/${t.avatar}` });
  for (const p of data.projets)
    if (p.project_file) files.push({ key: `projects/${p.project_file}`, name: `fichiers/projet-${p.id}/${p.project_file}` });
  return files;
}

/** The rows about the person, with the document checks in words too, as the back office shows them. */
export async function readablePerson(db: DB, person: Person): Promise<PersonData> {
  const data = await collectPerson(db, person);
  return {
    ...data,
    verifications_documents_benevoles: data.verifications_documents_benevoles.map((check) => ({
      ...check,
      texte: documentCheckWords(check),
    })),
  };
}

/**
 * The ZIP of an access request: donnees.json (the raw rows, French section names), resume.html (the same French
 * summary as the `/mes-donnees` page) and the person's files, streamed. No live token link (ticket, pledge, data,
 * unsubscribe) is carried: a copy of the ZIP must not act for the person.
 */
export async function exportPerson(db: DB, storage: Storage, config: Pick<Config, 'organisation'>, person: Person): Promise<Readable> {
  const data = await readablePerson(db, person);
  const generatedAt = nowIso();
  const { ZipArchive } = await import('archiver');
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const out = new PassThrough();
  zip.on('error', (err) => out.destroy(err));
  zip.pipe(out);
  const document = {
    lisez_moi:
      'Données brutes, telles qu’enregistrées (dates en temps universel UTC, 1 = oui et 0 = non). Le fichier resume.html en donne une lecture en français, dates à l’heure de Cotonou.',
    genere_le: generatedAt,
    responsable_du_traitement: await currentController(db, config),
    donnees: data,
  };
  zip.append(maskLinks(JSON.stringify(document, null, 2)), { name: 'donnees.json' });
  zip.append(myDataPage({ sections: summarise(data), generatedAt }), { name: 'resume.html' });
  (async () => {
    for (const file of filesOf(data)) {
      const opened = await storage.open(file.key);
      if (!opened) continue;
      zip.append(opened.stream, { name: file.name });
      await new Promise<void>((resolve) => zip.once('entry', () => resolve()));
    }
    await zip.finalize();
  })().catch((err) => out.destroy(err));
  return out;
}

/** Where to tell the person their data is erased: their telephone in E.164, their e-mail. */
function contactOf(person: Person): { telephone: string | null; email: string | null } {
  const telephone = person.telephones.map((t) => toE164(t)).find((t): t is string => Boolean(t)) ?? null;
  return { telephone, email: person.emails[0] ?? null };
}

function erasureNotice() {
  const sms = `${ORGANISATION.shortName}\u00a0: vos données personnelles ont été effacées, comme demandé. Seuls les montants de vos dons et paiements restent, sans nom ni numéro (obligation comptable).`;
  return {
    subject: 'Vos données personnelles ont été effacées',
    sms,
    text: `Bonjour,\n\n${sms}\n\nCe message est le dernier que vous recevrez de notre part\u00a0: votre adresse est effacée avec lui.`,
  };
}

/**
 * Erases a person: rows detached or removed in one transaction, the audit entry saying only that it happened and
 * how many rows each table lost, then their files removed from the storage.
 */
export async function erasePerson(
  db: DB,
  storage: Storage,
  person: Person,
  audit: { actorId: number | null; ip: string | null; actingId: number | null; requestId?: number },
): Promise<Record<string, number>> {
  const { counts, files } = await db.transaction().execute(async (trx) => {
    const data = await collectPerson(trx, person);
    const files = filesOf(data);
    const counts = await erasePersonRows(trx, person, data, nowIso());
    // Told before the address goes: the notice is the one message left to them, forgotten once sent (messages' worker).
    await notifyPerson(trx, contactOf(person), { ...erasureNotice(), category: ERASURE_CATEGORY });
    await recordAudit(trx, {
      actorId: audit.actorId,
      actingId: audit.actingId,
      action: 'privacy.erasure',
      entity: audit.requestId ? 'privacy_request' : 'users',
      entityId: audit.requestId ?? person.userId ?? 0,
      ip: audit.ip,
      details: { compteurs: counts, fichiers: files.length },
    });
    return { counts, files };
  });
  for (const file of files) await storage.remove(file.key).catch(() => undefined);
  // The WAL held the pages as they were before the erasure: copied back (zeroed by secure_delete) and truncated.
  await checkpointWal(db);
  return { ...counts, fichiers: files.length };
}
