import { maskUrlTokens } from '../lib/url-tokens';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { acceptedEncoding } from '../lib/precompressed';

/**
 * Answers recorded from the framework and replayed before it runs (issue #32: the public lists as the start command
 * serves them). A cached public list page (platform/http/public-lists.ts) is the same bytes for every visitor until
 * its list's version changes; sending it still went through routing, four hooks, query validation, the handler and a
 * child logger, which cost as much again as HTTP itself. The route records what it sent (status 200, every header
 * but the per-request ones, the body) under the exact request line, the coding the client accepts and the protocol;
 * a later GET with the same three is answered from the record, after the same version check the route makes, with
 * its own request id, the same access line and the security headers the record holds. Anything else (another
 * method, a version that moved, a server closing, an error) goes to Fastify, which answers as before and records
 * again. docs/decisions/response-replay.md.
 */

/** Headers that belong to one exchange, never replayed: Node adds date/connection itself. */
const PER_REQUEST = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Recorded {
  /**
   * Flat [name, value, name, value, …, 'x-request-id', id], what `writeHead` takes without building an object; the
   * last value is each answer's own request id, set just before `writeHead` reads the array (synchronously).
   */
  headers: string[];
  body: Buffer;
  /** Still the answer? The route's own check (a list version): synchronous where the engine allows it. */
  current: () => boolean | Promise<boolean>;
}

export interface ReplayContext {
  log: FastifyBaseLogger;
  /** The request id Fastify would give (genReqId). */
  requestId: (req: IncomingMessage) => string;
  /** Whether Fastify would see this request as HTTPS; undefined when it cannot be told here (then no replay). */
  isHttps: (req: IncomingMessage) => boolean | undefined;
}

export interface ResponseReplay {
  /** Records the answer just sent (call right after the reply was sent, synchronously). */
  record(req: IncomingMessage, res: ServerResponse, body: Buffer, current: Recorded['current'], https: boolean): void;
  /** Answers from a record, or returns false (the caller hands the request to Fastify). */
  serve(req: IncomingMessage, res: ServerResponse, fallback: (req: IncomingMessage, res: ServerResponse) => void): boolean;
  attach(context: ReplayContext): void;
  /** Stops replaying (the server is closing: Fastify answers 503 from then on). */
  stop(): void;
  readonly size: number;
}

const keyOf = (https: boolean, url: string, encoding: string | undefined) => `${https ? 's' : '-'}${encoding ?? '-'} ${url}`;

export function createResponseReplay({ maxEntries = 200 }: { maxEntries?: number } = {}): ResponseReplay {
  const records = new Map<string, Recorded>();
  let context: ReplayContext | undefined;
  let stopped = false;

  function send(req: IncomingMessage, res: ServerResponse, recorded: Recorded, started: number, ctx: ReplayContext): void {
    const id = ctx.requestId(req);
    const headers = recorded.headers;
    headers[headers.length - 1] = id;
    res.writeHead(200, headers);
    res.end(recorded.body);
    // The line Fastify's per-request child logger writes (app.ts, onResponse), field for field.
    ctx.log.info(
      {
        reqId: id,
        method: req.method,
        url: maskUrlTokens(req.url ?? ''),
        statusCode: 200,
        responseTime: Math.round((performance.now() - started) * 10) / 10,
      },
      'request completed',
    );
  }

  return {
    get size() {
      return records.size;
    },
    attach(next) {
      context = next;
    },
    stop() {
      stopped = true;
      records.clear();
    },
    record(req, res, body, current, https) {
      if (stopped || res.statusCode !== 200 || !res.headersSent || req.method !== 'GET' || !req.url) return;
      const headers: string[] = [];
      // Names as they were set (Content-Security-Policy…), so a replayed answer is spelled like the first.
      // @types/node types getRawHeaderNames on requests only (platform/http/security.ts reads it the same way).
      for (const name of (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
        const value = res.getHeader(name);
        if (PER_REQUEST.has(name.toLowerCase()) || value === undefined) continue;
        if (Array.isArray(value)) for (const v of value) headers.push(name, v);
        else headers.push(name, String(value));
      }
      headers.push('x-request-id', '');
      const key = keyOf(https, req.url, acceptedEncoding(req.headers['accept-encoding']));
      records.delete(key);
      if (records.size >= maxEntries) records.delete(records.keys().next().value!);
      records.set(key, { headers, body, current });
    },
    serve(req, res, fallback) {
      const ctx = context;
      if (stopped || !ctx || req.method !== 'GET' || records.size === 0 || !req.url) return false;
      // A GET with a body is left to Fastify, which reads (and refuses) it.
      if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) return false;
      const https = ctx.isHttps(req);
      if (https === undefined) return false;
      const key = keyOf(https, req.url, acceptedEncoding(req.headers['accept-encoding']));
      const recorded = records.get(key);
      if (!recorded) return false;
      const started = performance.now();
      let current: boolean | Promise<boolean>;
      try {
        current = recorded.current();
      } catch {
        return false;
      }
      if (current === true) {
        send(req, res, recorded, started, ctx);
        return true;
      }
      if (current === false) {
        records.delete(key);
        return false;
      }
      current.then(
        (still) => {
          if (still && !stopped) send(req, res, recorded, started, ctx);
          else {
            if (records.get(key) === recorded) records.delete(key);
            fallback(req, res);
          }
        },
        () => fallback(req, res),
      );
      return true;
    },
  };
}

/**
 * Fastify's `serverFactory`: the HTTP/1 server Fastify would create (same timeouts), whose requests try the replay
 * first. Fastify adds its own listeners (client errors, upgrades) to it as to its own.
 */
export function replayingServer(replay: ResponseReplay) {
  return (
    handler: (req: IncomingMessage, res: ServerResponse) => void,
    options: FastifyServerOptions & { http?: http.ServerOptions },
  ): http.Server => {
    const server = http.createServer(options.http ?? {}, (req, res) => {
      if (!replay.serve(req, res, handler)) handler(req, res);
    });
    // What fastify/lib/server.js sets on the server it creates itself (its defaults are already in `options`).
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

/** Fastify's request.protocol for a trust setting as app.ts hands it to Fastify; undefined when only Fastify can tell. */
export function httpsTeller(trustProxy: false | string | ((address: string, hop: number) => boolean)) {
  return (req: IncomingMessage): boolean | undefined => {
    const socket = req.socket as IncomingMessage['socket'] & { encrypted?: boolean };
    const forwarded = req.headers['x-forwarded-proto'];
    if (forwarded && trustProxy !== false) {
      // A list of trusted addresses needs proxy-addr's matching, which Fastify does: leave those requests to it.
      if (typeof trustProxy !== 'function') return undefined;
      if (trustProxy(socket.remoteAddress ?? '', 0)) {
        const value = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
        return value.split(',').at(-1)!.trim() === 'https';
      }
    }
    return socket.encrypted === true;
  };
}
