import { MESSAGES } from '@shared/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type FieldErrors, HttpError } from '../lib/http-errors';
import { API_HEADERS } from './security';

/** The JSON answers' security headers as raw header lines, for the answers written straight to the socket. */
const API_HEADER_LINES = API_HEADERS.map(([name, value]) => `${name}: ${value}\r\n`).join('');

// The one place that turns any thrown error into the `{message, errors?}` envelope of docs/product/http-api.md.
// 5xx never carry details; they are logged with the request id.

const DB_UNAVAILABLE_CODES = new Set([
  'SQLITE_READONLY',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_BUSY',
  'SQLITE_FULL',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin shutdown
  '57P03', // cannot connect now
  '53300', // too many connections
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | undefined;
  if (!e) return false;
  if (e.code && (DB_UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('SQLITE_READONLY') || e.code.startsWith('SQLITE_IOERR')))
    return true;
  return /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Client has encountered a connection error/i.test(
    e.message ?? '',
  );
}

function zodIssuesToFieldErrors(issues: ReadonlyArray<{ instancePath?: string; message?: string; params?: unknown }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const path = params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const field = path.length > 0 ? String(path[0]) : '_';
    const message = issue.message ?? MESSAGES.validation;
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Requête invalide.',
  401: MESSAGES.unauthenticated,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
  405: 'Méthode non autorisée.',
  406: 'Format de réponse non disponible.',
  413: MESSAGES.tooLarge,
  415: 'Type de contenu non pris en charge.',
  429: MESSAGES.rateLimited,
};

/**
 * Errors Fastify raises before any route or error handler runs (a malformed percent-encoding, a path parameter
 * over maxParamLength): the same French `{message}` envelope as everything else. Passed as `frameworkErrors`.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  // Answered before any hook (security.ts never ran): the JSON answers' security headers, set here.
  for (const [name, value] of API_HEADERS) reply.header(name, value);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send({ message: 'L’adresse demandée est trop longue.' });
    return;
  }
  void reply.status(400).send({ message: 'L’adresse demandée est mal formée.' });
}

/** The French message of an error Node's HTTP parser raises before Fastify sees a request. */
function clientErrorAnswer(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'L’adresse ou les en-têtes de la requête sont trop longs.' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'La requête a pris trop de temps.' };
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return { status: 413, message: MESSAGES.tooLarge };
  return { status: 400, message: 'Requête mal formée.' };
}

/**
 * Errors raised before routing, by Node's HTTP parser (a URL or header too large, a malformed request line): the same
 * French `{message}` envelope as everything else (docs/product/accounts.md), instead of Fastify's English one.
 * Passed as Fastify's `clientErrorHandler`.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: import('node:net').Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, message } = clientErrorAnswer(error.code);
  const body = JSON.stringify({ message });
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 413: 'Payload Too Large', 431: 'Request Header Fields Too Large' }[status];
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${API_HEADER_LINES}Connection: close\r\n\r\n${body}`,
  );
}

/**
 * A request with an `Expect` other than `100-continue`: Node would answer a bare 417 with no header at all (no JSON,
 * no security headers). Listened to as the server's `checkExpectation` event (app.ts).
 */
export function expectationFailed(_req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): void {
  const body = JSON.stringify({ message: 'L’en-tête Expect de cette requête n’est pas pris en charge.' });
  res.writeHead(
    417,
    [
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Length', String(Buffer.byteLength(body))],
      ...API_HEADERS.map(([name, value]) => [name, value]),
      ['Connection', 'close'],
    ].flat(),
  );
  res.end(body);
}

/** A client that went away mid-body (slow phone, closed tab): nothing to answer and nothing wrong on our side. */
function isClientAbort(error: FastifyError, request: FastifyRequest): boolean {
  if (error.code !== 'ECONNRESET' && error.code !== 'ECONNABORTED' && error.message !== 'aborted') return false;
  return request.raw.aborted || request.raw.readableAborted || request.raw.socket?.destroyed === true;
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isClientAbort(error, request)) {
      request.log.info({ code: error.code }, 'request body aborted by the client');
      return reply.status(400).send({ message: STATUS_MESSAGES[400] });
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    // A path segment that does not parse (an id such as `+1` or `00001`, an unknown kind) names no resource.
    if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
      return reply.status(404).send({ message: MESSAGES.notFound });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(422).send({ message: MESSAGES.validation, errors: zodIssuesToFieldErrors(error.validation) });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: MESSAGES.databaseUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: MESSAGES.rateLimited });
    if (status >= 400 && status < 500) {
      let message = STATUS_MESSAGES[status] ?? 'Requête invalide.';
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)
        message = 'Le corps de la requête n’est pas un JSON valide.';
      if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') message = 'Le corps de la requête est vide.';
      return reply.status(status === 400 && error.validation ? 422 : status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: MESSAGES.serverError });
  });
});
