import type { Readable } from 'node:stream';
import {
  type AdminOrganisation,
  EMPTY_ORGANISATION,
  type OrganisationFacts,
  type OrganisationFactsInput,
  ORGANISATION_MESSAGES,
} from '@shared/schemas/organisation';
import type { DB } from '../../platform/database/database';
import { fieldError } from '../../platform/lib/http-errors';
import { STORAGE_KEY_PATTERN, type Storage } from '../../platform/storage/storage';
import { openStoredFile } from '../../platform/storage/stored-files';
import { type AuditActor, recordAudit } from '../audit';
import { readSetting, writeSetting } from './data';

// The organisation's own facts (docs/product/places.md): name, address, registration
// number, telephone, e-mail, social links, founder and the receipts' signature image. Unset facts are null.

const ORGANISATION = 'organisation';

/** The stored facts, as saved (the signature as its storage key). */
export async function getOrganisationFacts(db: DB): Promise<OrganisationFactsInput & { receipt_signature_image: string | null }> {
  const stored = (await readSetting(db, ORGANISATION)) as Partial<OrganisationFactsInput> | null;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    name: text(stored?.name),
    address: text(stored?.address),
    registration_number: text(stored?.registration_number),
    telephone: text(stored?.telephone),
    email: text(stored?.email),
    social: {
      facebook: text(stored?.social?.facebook),
      twitter: text(stored?.social?.twitter),
      instagram: text(stored?.social?.instagram),
      youtube: text(stored?.social?.youtube),
    },
    founder: text(stored?.founder),
    receipt_signature_image: text(stored?.receipt_signature_image),
  };
}

/** Where the signature image is served (GET /api/organisation/signature); the key's suffix changes the address when it changes. */
export const signatureAddress = (key: string | null) => (key ? `/api/organisation/signature?v=${key.slice(-12, -4)}` : null);

/** GET /api/organisation: the public facts, the signature as the address of its image. */
export async function publicOrganisation(db: DB): Promise<OrganisationFacts> {
  const facts = await getOrganisationFacts(db);
  return { ...EMPTY_ORGANISATION, ...facts, receipt_signature_image: signatureAddress(facts.receipt_signature_image) };
}

/**
 * True when a fact the receipts and notice need is still unset (« À traiter » asks for it): name, address,
 * registration number and a way to reach the association. Social links and the founder are optional: an association
 * without a YouTube channel is not asked again and again (issue 40).
 */
export async function organisationIncomplete(db: DB): Promise<boolean> {
  const f = await getOrganisationFacts(db);
  return [f.name, f.address, f.registration_number].some((v) => v === null) || (f.telephone === null && f.email === null);
}

/** GET /api/admin/organisation: the public facts and the signature's storage key, which a PUT sends back to keep it. */
export async function adminOrganisation(db: DB): Promise<AdminOrganisation> {
  const facts = await getOrganisationFacts(db);
  return { ...(await publicOrganisation(db)), signature_key: facts.receipt_signature_image };
}

/** PUT /api/admin/organisation: every fact replaced (the signature kept when absent), audited with before and after. */
export async function saveOrganisationFacts(
  db: DB,
  storage: Storage,
  input: OrganisationFactsInput,
  actor: AuditActor,
): Promise<OrganisationFacts> {
  const key = input.receipt_signature_image;
  if (key !== null && key !== undefined) {
    const ours = STORAGE_KEY_PATTERN.test(key) && key.startsWith('signatures/');
    const file = ours ? await storage.open(key) : null;
    file?.stream.destroy();
    if (!file) throw fieldError('receipt_signature_image', ORGANISATION_MESSAGES.signatureInvalid);
  }
  await db.transaction().execute(async (trx) => {
    const before = await getOrganisationFacts(trx);
    const after = { ...input, receipt_signature_image: key === undefined ? before.receipt_signature_image : key };
    await writeSetting(trx, ORGANISATION, after, actor.id);
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'organisation.update',
      entity: 'settings',
      entityId: ORGANISATION,
      before,
      after,
    });
  });
  return publicOrganisation(db);
}

/**
 * POST /api/admin/organisation/signature (a new image, `key` already stored) or DELETE (null): the receipts' signature
 * replaced, audited. The previous image is removed once the change is saved; receipts show the new one at once.
 */
export async function replaceSignature(db: DB, storage: Storage, key: string | null, actor: AuditActor): Promise<AdminOrganisation> {
  const previous = await db.transaction().execute(async (trx) => {
    const before = await getOrganisationFacts(trx);
    await writeSetting(trx, ORGANISATION, { ...before, receipt_signature_image: key }, actor.id);
    await recordAudit(trx, {
      actorId: actor.id,
      ip: actor.ip,
      actingId: actor.actingId,
      action: 'organisation.signature',
      entity: 'settings',
      entityId: ORGANISATION,
      before: { receipt_signature_image: before.receipt_signature_image },
      after: { receipt_signature_image: key },
    });
    return before.receipt_signature_image;
  });
  if (previous && previous !== key) await storage.remove(previous).catch(() => undefined);
  return adminOrganisation(db);
}

/** The signature image as stored (its bytes for the PDF receipt, its type for the image answer); null when unset or gone. */
export async function openSignature(db: DB, storage: Storage): Promise<{ stream: Readable; size: number; contentType: string } | null> {
  const key = (await getOrganisationFacts(db)).receipt_signature_image;
  if (!key || !STORAGE_KEY_PATTERN.test(key) || !key.startsWith('signatures/')) return null;
  return openStoredFile(storage, 'signatures', key.slice('signatures/'.length));
}

/** The signature's bytes, for the PDF receipt; null when unset. */
export async function readSignature(db: DB, storage: Storage): Promise<Buffer | null> {
  const opened = await openSignature(db, storage);
  if (!opened) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
