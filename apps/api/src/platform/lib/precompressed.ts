import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A body rendered ahead of the request (the cached public lists) and compressed once with it, so a browser's
 * `Accept-Encoding: gzip, deflate, br` costs nothing per request: compressing each answer again was a fifth of the
 * CPU of GET /api/testimonials (docs/decisions/public-list-cache.md). Compressed at brotli's best quality since
 * it happens once per list version, not once per request.
 */
export interface Precompressed {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Below this size compression is not worth its header bytes (the same threshold as @fastify/compress in app.ts). */
const THRESHOLD = 1024;

export function precompress(body: Buffer): Precompressed {
  if (body.length < THRESHOLD) return { identity: body };
  return {
    identity: body,
    br: zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzip: zlib.gzipSync(body, { level: 9 }),
  };
}

/**
 * The answers for the Accept-Encoding values seen last: browsers send a handful of distinct ones, and parsing one
 * cost a cached public read about 1 µs of its ~30 (platform/http/response-replay.ts). Bounded, as the header is the
 * client's to choose.
 */
const seenEncodings = new Map<string, 'br' | 'gzip' | undefined>();
const SEEN_ENCODINGS_MAX = 64;

/** The coding a client accepts with a non-zero weight ("br;q=0" refuses br); br first, then gzip, else none. */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const seen = seenEncodings.get(header);
  if (seen !== undefined || seenEncodings.has(header)) return seen;
  const parsed = parseAcceptEncoding(header);
  if (seenEncodings.size >= SEEN_ENCODINGS_MAX) seenEncodings.clear();
  seenEncodings.set(header, parsed);
  return parsed;
}

function parseAcceptEncoding(header: string): 'br' | 'gzip' | undefined {
  let gzip = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.find((p) => p.trim().startsWith('q='));
    if (q !== undefined && !(Number(q.trim().slice(2)) > 0)) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip' || name === 'x-gzip' || name === '*') gzip = true;
  }
  return gzip ? 'gzip' : undefined;
}

/**
 * Sends the variant the client accepts as JSON. With Content-Encoding already set, @fastify/compress leaves the
 * body alone, and Fastify sends a Buffer as is (no second serialisation). Returns the reply, which an async
 * handler must return once it has sent.
 */
export function sendPrecompressedJson<R extends FastifyReply<any, any, any, any, any, any, any, any>>(
  request: FastifyRequest,
  reply: R,
  body: Precompressed,
): R {
  return sendPrecompressed(request, reply, body, 'application/json; charset=utf-8');
}

/** Sends the variant the client accepts, with this content type (a prerendered page: text/html). */
export function sendPrecompressed<R extends FastifyReply<any, any, any, any, any, any, any, any>>(
  request: FastifyRequest,
  reply: R,
  body: Precompressed,
  type: string,
): R {
  const r = reply as FastifyReply;
  r.type(type);
  if (body.br || body.gzip) {
    r.header('vary', 'accept-encoding');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    const variant = encoding && body[encoding];
    if (encoding && variant) {
      r.header('content-encoding', encoding).send(variant);
      return reply;
    }
  }
  r.send(body.identity);
  return reply;
}
