import type { DB } from '../../../platform/database/database';

// Queries of data_links (the `/mes-donnees/{token}` links; only the token's SHA-256 is kept).

export async function insertLink(db: DB, v: { tokenHash: string; requestId: number; expiresAt: string; createdAt: string }) {
  await db
    .insertInto('data_links')
    .values({ token_hash: v.tokenHash, request_id: v.requestId, expires_at: v.expiresAt, created_at: v.createdAt })
    .execute();
}

/** The link of a token hash with the request it serves. */
export const findLink = (db: DB, tokenHash: string) =>
  db
    .selectFrom('data_links')
    .innerJoin('privacy_requests', 'privacy_requests.id', 'data_links.request_id')
    .select([
      'data_links.id',
      'data_links.expires_at',
      'data_links.created_at',
      'privacy_requests.id as request_id',
      'privacy_requests.telephone',
      'privacy_requests.email',
      'privacy_requests.status',
    ])
    .where('data_links.token_hash', '=', tokenHash)
    .executeTakeFirst();

export async function deleteLinksOfRequests(db: DB, requestIds: number[]) {
  if (requestIds.length) await db.deleteFrom('data_links').where('request_id', 'in', requestIds).execute();
}
