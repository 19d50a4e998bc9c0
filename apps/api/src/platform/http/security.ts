import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
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

/** Two years, subdomains included: what browsers' preload lists ask for. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * `scriptHashes`: the inline scripts the policy allows by their SHA-256 ('sha256-…'), the dashboards' early script
 * (written by the build, scripts/lib/dashboard-pages.mjs). Any other inline script stays refused.
 */
export default fp(async function securityPlugin(app: FastifyInstance, opts: { scriptHashes?: readonly string[] }) {
  const headers = await helmetHeaders({
    ...HELMET_OPTIONS,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...HELMET_CSP_DIRECTIVES, scriptSrc: ["'self'", ...(opts.scriptHashes ?? [])] },
    },
  });
  // Set on the raw response like helmet does, so they also reach hijacked and not-found responses.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (let i = 0; i < headers.length; i++) raw.setHeader(headers[i]![0], headers[i]![1]);
    // HSTS only over TLS: on the socket itself, or X-Forwarded-Proto from a proxy trusted through TRUST_PROXY
    // (request.protocol ignores the header otherwise, so a client cannot fake it on plain HTTP).
    if (request.protocol === 'https') raw.setHeader('Strict-Transport-Security', HSTS);
    // Helmet removes X-Powered-By; nothing can have set it before the first onRequest hook, so there is nothing to remove.
    done();
  });
});
