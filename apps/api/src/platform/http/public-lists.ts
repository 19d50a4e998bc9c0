import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { DB } from '../database/database';
import type { PageQuery } from '../lib/pagination';
import { setPageHeaders } from '../lib/pagination';
import { type Precompressed, precompress, sendPrecompressedJson } from '../lib/precompressed';
import { createPublicListCache, type PublicList, type PublicListCache } from '../lib/public-list-cache';

// Public lists (published testimonials, confirmed volunteers) are served from rendered pages checked against the
// list's version (platform/lib/public-list-cache.ts, one cache per app), compressed once with the page (platform/lib/precompressed.ts),
// so @fastify/compress's per-reply hook is left off these routes (`compress: false`).

declare module 'fastify' {
  interface FastifyInstance {
    publicLists: PublicListCache;
  }
}

export default fp(async function publicListsPlugin(app) {
  const cache = createPublicListCache(app.db);
  app.decorate('publicLists', cache);
  app.addHook('onClose', async () => cache.close());
});

/** The handler of a public list's GET route; `load` is the area's page of items and total. */
export function servePublicList(
  app: FastifyInstance,
  list: PublicList,
  response: z.ZodType,
  load: (db: DB, query: PageQuery) => Promise<{ items: unknown[]; total: number }>,
) {
  // The route's own 200 serialiser (zod parse + JSON.stringify), run once per list version instead of per request.
  const serialize = serializerCompiler({ schema: response, method: 'GET', url: `/api/${list}`, httpStatus: '200' });
  return async (request: FastifyRequest<{ Querystring: PageQuery }>, reply: FastifyReply) => {
    const page = await app.publicLists.page(list, request.query, async () => {
      const { items, total } = await load(app.db, request.query);
      return { body: precompress(Buffer.from(serialize(items))), total };
    });
    setPageHeaders(reply, request.query, page.total);
    sendPrecompressedJson(request, reply, page.body);
    // Recorded as sent, to be replayed before the framework while the list keeps this version (response-replay.ts).
    const sent = variantSent(reply, page.body);
    if (sent) {
      const check = () => {
        const now = app.publicLists.versionNow(list);
        return now === undefined ? app.publicLists.version(list).then((v) => v === page.version) : now === page.version;
      };
      app.responseReplay.record(request.raw, reply.raw, sent, check, request.protocol === 'https');
    }
    return reply;
  };
}

/** The body variant a reply just sent (by its Content-Encoding), or undefined if it has not been sent yet. */
function variantSent(reply: FastifyReply, body: Precompressed): Buffer | undefined {
  if (!reply.raw.headersSent) return undefined;
  const encoding = reply.getHeader('content-encoding');
  return encoding === 'br' ? body.br : encoding === 'gzip' ? body.gzip : body.identity;
}
