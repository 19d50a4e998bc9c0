import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

// Security headers on every response, with a Content-Security-Policy the web app itself passes:
// no inline scripts, no third-party origins (payments redirect to the provider's page instead).
const HELMET_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  // React style attributes (progress bars, toasts) need inline styles; no inline script is allowed (but those the
  // build lists by hash, see the plugin below).
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};
const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: HELMET_CSP_DIRECTIVES },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: false, // sent per request below, only when the request came over TLS
};

/**
 * The headers @fastify/helmet sets with these options, read once from a throwaway instance. The plugin itself
 * rebuilds the whole helmet middleware (CSP directive parsing included) on every request, which cost the public
 * lists more CPU than their SQL; the headers never vary (no nonces), so they are computed once and copied.
 */
export async function helmetHeaders(options: FastifyHelmetOptions = HELMET_OPTIONS): Promise<Array<[string, string]>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  let headers: Array<[string, string]> = [];
  probe.get('/', (_request, reply) => {
    // Only helmet's onRequest hook has written to the raw response at this point.
    // getRawHeaderNames keeps helmet's spelling (Content-Security-Policy…); @types/node only types it on requests.
    const raw = reply.raw as typeof reply.raw & { getRawHeaderNames?: () => string[] };
    const names = raw.getRawHeaderNames?.() ?? raw.getHeaderNames();
    headers = names.map((name) => [name, String(raw.getHeader(name))]);
    return '';
  });
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (headers.length === 0) throw new Error('helmet produced no security header');
  return headers;
}

/**
 * What a JSON answer carries instead of the document set (OWASP's REST Security Cheat Sheet, « Security headers »).
 * The rest of helmet's set (script sources, opener policy, origin-agent cluster, DNS prefetch, download options,
 * XSS filter, cross-domain policies, referrer policy) governs a page a browser renders, never a JSON body; on a
 * phone over slow mobile data it was ~700 bytes on every API answer, which HTTP/1.1 sends uncompressed.
 * A JSON body rendered by mistake is still locked down: it may load nothing, run nothing and be framed nowhere.
 */
export const API_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
];

/** Whether a Content-Type is a JSON body (the API's answers and errors), which takes API_HEADERS. */
const isJson = (type: unknown) => typeof type === 'string' && type.startsWith('application/json');

/** Two years, subdomains included: what browsers' preload lists ask for. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * `scriptHashes`: the inline scripts the policy allows by their SHA-256 ('sha256-…'): the prerendered pages' boot
 * script and the dashboards' early script (listed by the build, scripts/lib/csp-hashes.mjs). Any other stays refused.
 */
export default fp(async function securityPlugin(app: FastifyInstance, opts: { scriptHashes?: readonly string[] }) {
  const headers = await helmetHeaders({
    ...HELMET_OPTIONS,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...HELMET_CSP_DIRECTIVES, scriptSrc: ["'self'", ...(opts.scriptHashes ?? [])] },
    },
  });
  const setAll = (raw: FastifyReply['raw'], set: ReadonlyArray<readonly [string, string]>) => {
    for (let i = 0; i < set.length; i++) raw.setHeader(set[i]![0], set[i]![1]);
  };
  // Set on the raw response like helmet does, so they also reach not-found and error responses. An API address
  // starts with the JSON set; whatever it answers that is not JSON (a receipt page, a PDF, a CSV, an image) gets
  // the document set in onSend below. Everything else (the web app, its files, the simulator) gets the document set.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    setAll(raw, request.url.startsWith('/api/') ? API_HEADERS : headers);
    // HSTS only over TLS: on the socket itself, or X-Forwarded-Proto from a proxy trusted through TRUST_PROXY
    // (request.protocol ignores the header otherwise, so a client cannot fake it on plain HTTP).
    if (request.protocol === 'https') raw.setHeader('Strict-Transport-Security', HSTS);
    // Helmet removes X-Powered-By; nothing can have set it before the first onRequest hook, so there is nothing to remove.
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && payload != null && !isJson(reply.getHeader('content-type'))) setAll(reply.raw, headers);
    done(null, payload);
  });
});
