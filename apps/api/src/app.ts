import { maskUrlTokens } from './platform/lib/url-tokens';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './platform/config';
import { createDatabase, type DB } from './platform/database/database';
import { openMigrationReports, runMigrations, underStartupLock } from './platform/database/migrate';
import { batchedLogOutput } from './platform/lib/log-output';
import { configurePasswordQueue } from './platform/lib/passwords';
import { validatorWithTextRules } from './platform/lib/forbidden-text';
import { type BootstrapResult, ensureAdmin } from './modules/accounts';
import { authPlugin } from './modules/policy';
import { getOrganisationFacts } from './modules/settings';
import { shownPageFacts } from '@shared/organisation-page-facts';
import docsPlugin from './platform/http/docs';
import { messagesPlugin, type MessagesPluginOptions } from './modules/messages';
import errorsPlugin, { clientErrorHandler, expectationFailed, frameworkErrorHandler } from './platform/http/errors';
import rateLimitPlugin from './platform/http/rate-limit';
import redisPlugin from './platform/http/redis';
import { createResponseReplay, httpsTeller, replayingServer, type ResponseReplay } from './platform/http/response-replay';
import securityPlugin from './platform/http/security';
import uploadsPlugin from './platform/uploads/plugin';
import webAppPlugin from './platform/http/web-app';
import { registerRoutes } from './register-modules';
import { createStorage } from './platform/storage/create-storage';
import type { Storage } from './platform/storage/storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: DB;
    storage: Storage;
    bootstrap: BootstrapResult;
    /** Cached public answers replayed before the framework (platform/http/response-replay.ts). */
    responseReplay: ResponseReplay;
  }
}

export interface BuildOptions {
  config: Config;
  /** An existing database (tests share one per file); created from config when absent. */
  db?: DB;
  webDir?: string;
  logger?: boolean;
  /** Start the outbox worker (server.ts does; tests run app.messages.worker.runOnce() instead). */
  startMessageWorker?: boolean;
  /** Replace a message channel (tests). */
  messageChannels?: MessagesPluginOptions['channels'];
  /** Where the logs go (tests read them); standard output when absent. */
  logStream?: NodeJS.WritableStream;
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify 5.12 reads a bare hop count as "trust nobody" (request.ip would be the
 * proxy's address, and X-Forwarded-Proto ignored); the documented meaning of TRUST_PROXY=N is "N proxies in front of
 * us", so the count becomes the equivalent trust function. Addresses go through unchanged (the safer choice).
 */
export function fastifyTrustProxy(value: Config['trustProxy']): false | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/** The request id: the caller's X-Request-Id when it is a plain token (a proxy's), else a new UUID. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

/** Builds the whole product (API + web app) without listening: tests call app.inject(), server.ts listens. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  // Standard output, one write per turn of the event loop rather than per line (platform/lib/log-output.ts).
  const logOutput = options.logger === false || options.logStream ? undefined : batchedLogOutput();
  const replay = createResponseReplay();
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            stream: options.logStream ?? logOutput!,
          },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // One line per request (onResponse below) instead of Fastify's two ("incoming request" + "request completed").
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    serverFactory: replayingServer(replay),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorWithTextRules);
  app.setSerializerCompiler(serializerCompiler);
  // docs/product/http-api.md sends several calls with an empty body (PUT …/confirm, POST /logout, DELETE …) and clients often
  // still label them JSON: an empty JSON body is "no fields" ({}), not a 400. Anything else keeps Fastify's
  // own parser (prototype-poisoning protection included).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    return parseJson(request, text, done);
  });

  configurePasswordQueue(config.passwordQueue);
  // Beyond this many open sockets Node closes new ones at once: a flood of idle connections cannot exhaust the process.
  app.server.maxConnections = config.maxConnections;
  app.server.on('checkExpectation', expectationFailed);

  // The object store is checked first: a bucket that cannot be reached stops the start with one line.
  const storage = await createStorage(config, (message) => app.log.warn(message));
  const db = options.db ?? createDatabase(config.database);
  const ownsDb = !options.db;
  // Migrations and the first administrator run once even when several processes start together.
  const bootstrap = await underStartupLock(db, async () => {
    await runMigrations(db);
    return ensureAdmin(db, config);
  });
  // Two accounts a migration could not give one telephone without merging them: said at every start until resolved
  // (docs/decisions/telephones-e164.md).
  for (const report of await openMigrationReports(db)) {
    app.log.warn({ kind: report.kind, table: report.table_name, detail: JSON.parse(report.detail) }, 'migration report to resolve');
  }
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('storage', storage);
  app.decorate('bootstrap', bootstrap);
  app.decorate('responseReplay', replay);
  replay.attach({ log: app.log, requestId, isHttps: httpsTeller(fastifyTrustProxy(config.trustProxy)) });
  // From close() on, Fastify answers 503 (return503OnClosing): nothing is replayed past that point.
  app.addHook('preClose', (done) => {
    replay.stop();
    done();
  });
  if (ownsDb) app.addHook('onClose', async () => db.destroy());
  if (logOutput) app.addHook('onClose', async () => logOutput.flush());

  // Set when the request arrives, so every answer carries it (errors and 404s included) without an async hook per reply.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      // A token in the address (data page, ticket, pledge, unsubscribe) would let a log reader act for the person.
      {
        method: request.method,
        url: maskUrlTokens(request.url),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    done();
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { scriptHashes: readScriptHashes(options.webDir ?? path.resolve('dist/web')) });
  // Brotli quality 4 (the plugin's own default, restated because any `brotliOptions.params` replaces it): a dynamic
  // answer compressed at zlib's default quality 11 took ten times its uncompressed time (npm run bench, compression
  // table). The static files are precompressed at quality 11 at build time instead. Our JSON answers (≤ 100 rows,
  // ~20 KB) are compressed in one synchronous call (~0.3 ms): above its default 8 KB on two cores the plugin streams
  // through the thread pool, which made a 17.8 KB user list take 9 ms instead of 2 ms.
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(authPlugin);
  await app.register(redisPlugin);
  await app.register(rateLimitPlugin);
  await app.register(uploadsPlugin);
  await app.register(docsPlugin);
  await app.register(messagesPlugin, { start: options.startMessageWorker, channels: options.messageChannels });
  await registerRoutes(app);
  await app.register(webAppPlugin, {
    webDir: options.webDir ?? path.resolve('dist/web'),
    // The facts the prerendered pages are served with; a database that cannot answer leaves the placeholders.
    pageFacts: () =>
      getOrganisationFacts(app.db).then(shownPageFacts, (error: unknown) => {
        app.log.warn({ err: error }, 'organisation facts unavailable: pages served with the placeholders');
        return shownPageFacts(null);
      }),
  });
  return app;
}

/** The inline scripts' hashes the build wrote beside the web app (scripts/lib/dashboard-pages.mjs); none without a build. */
function readScriptHashes(webDir: string): string[] {
  try {
    const hashes: unknown = JSON.parse(fs.readFileSync(path.join(webDir, 'csp-script-hashes.json'), 'utf8'));
    return Array.isArray(hashes) ? hashes.filter((h): h is string => typeof h === 'string' && /^'sha256-[\w+/=]+'$/.test(h)) : [];
  } catch {
    return [];
  }
}
