import { ORGANISATION } from '@shared/constants';
import { PRIVACY_MESSAGES as M } from '@shared/schemas/privacy';
import type { DB } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import { HttpError, notFound } from '../../platform/lib/http-errors';
import { generateToken, hashToken } from '../../platform/lib/tokens';
import { notifyPerson } from '../messages';
import { findLink, insertLink } from './data/data-links';
import type { Person } from './data/person';

// The person receives their data (docs/product/personal-data.md): fulfilling an access request sends an
// SMS (and an e-mail when known) with `/mes-donnees/{token}`: 256 random bits, only their SHA-256 kept, valid 7 days,
// for the one person the request proved. It answers until it expires (the page, then the ZIP beside it).

export const DATA_LINK_DAYS = 7;
const DAY = 24 * 60 * 60 * 1000;

export const dataLinkPath = (token: string) => `/mes-donnees/${token}`;

/** Creates the link of a fulfilled access request and queues its message, inside the caller's transaction. */
export async function sendDataLink(trx: DB, requestId: number, person: Person, to: { telephone: string | null }, publicUrl: string) {
  const token = generateToken();
  const now = clock.now();
  await insertLink(trx, {
    tokenHash: hashToken(token),
    requestId,
    expiresAt: new Date(now.getTime() + DATA_LINK_DAYS * DAY).toISOString(),
    createdAt: now.toISOString(),
  });
  const url = `${publicUrl}${dataLinkPath(token)}`;
  const sms = `${ORGANISATION.shortName}\u00a0: vos données personnelles sont prêtes. Consultez-les et téléchargez-les pendant 7 jours\u00a0: ${url}`;
  await notifyPerson(
    trx,
    { telephone: to.telephone, email: person.emails[0] ?? null },
    {
      subject: 'Vos données personnelles',
      sms,
      text: `Bonjour,\n\nVous avez demandé les données que ${ORGANISATION.name} détient sur vous. Elles sont prêtes\u00a0: ${url}\n\nCe lien est valable 7 jours. Il ouvre un résumé lisible, que vous pouvez imprimer, et le fichier complet à télécharger. Ne le transmettez à personne.`,
      category: 'avis',
    },
  );
}

/** The request a token serves, or 404 (unknown) / 410 (expired). */
export async function openDataLink(db: DB, token: string) {
  if (!/^[A-Za-z0-9_-]{40,64}$/.test(token)) throw notFound(M.dataLinkUnknown);
  const link = await findLink(db, hashToken(token));
  if (!link) throw notFound(M.dataLinkUnknown);
  if (link.expires_at <= clock.now().toISOString()) throw new HttpError(410, M.dataLinkExpired);
  return link;
}
