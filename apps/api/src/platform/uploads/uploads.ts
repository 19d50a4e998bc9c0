import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MESSAGES } from '@shared/messages';
import type { FileKind, FileRule } from '@shared/schemas/upload-rules';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { readsUploads, trackTempFile } from './plugin';
import type { Storage, StorageArea } from '../storage/storage';
import { inspectFile } from './file-inspection';
import { type FieldErrors, HttpError, unprocessable } from '../lib/http-errors';

export { inspectFile, sniffKind } from './file-inspection';

// Multipart uploads of the public forms. Each file is streamed to a size-capped temporary file (never held
// whole in memory); the first limit crossed stops the reading with a 413 and closes the connection, so a 1 GB
// body is not read to its end. Then each file's real type is read from its bytes, and only a request that passed
// every check reaches storage — see storeThenCommit for the "row and files together" rule. Temporary files are
// removed when the response is over (uploads/plugin.ts). At most MAX_CONCURRENT_UPLOADS are read at once.

export interface ReceivedFile {
  field: string;
  /** The temporary file holding the bytes (removed when the response is over). */
  path: string;
  size: number;
  kind: FileKind;
}

export interface ParsedUpload<F extends string> {
  fields: Record<string, string>;
  files: Partial<Record<F, ReceivedFile>>;
  /** Problems with the files (type, empty, name), as 422 field errors. */
  errors: FieldErrors;
}

const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 20_000;
/** Room for the text fields and the multipart framing on top of the files. */
const ENVELOPE_BYTES = 256 * 1024;

const EXTENSION_BY_KIND: Record<FileKind, string> = { jpg: 'jpg', png: 'png', webp: 'webp', pdf: 'pdf', doc: 'doc', docx: 'docx' };
export const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

// The rest of the body is not read: the connection closes after the answer instead.
const tooLarge = (message: string, field?: string) =>
  new HttpError(413, message, field ? { [field]: [message] } : undefined, { connection: 'close' });

class SizeExceeded extends Error {}

/** Streams `source` into `file`, stopping as soon as more than `max` bytes have come. Returns the size, or null when over. */
async function writeCapped(source: Readable, file: string, max: number): Promise<number | null> {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(size > max ? new SizeExceeded() : null, chunk);
    },
  });
  try {
    await pipeline(source, counter, fs.createWriteStream(file, { flags: 'wx' }));
    return size;
  } catch (error) {
    if (error instanceof SizeExceeded) return null;
    throw error;
  }
}

/** Reads and discards a part nobody asked for (bounded by busboy's fileSize limit). */
async function discard(source: Readable): Promise<void> {
  for await (const _chunk of source) {
    // nothing kept
  }
}

/**
 * Reads a multipart form (or, for clients that send no file, a JSON object) without writing anything.
 * Throws 413 when a file or the request is over its limit; returns file problems as field errors.
 */
export async function readUpload<F extends string>(request: FastifyRequest, rules: Record<F, FileRule>): Promise<ParsedUpload<F>> {
  const ruleList = Object.values(rules) as FileRule[];
  const maxFile = Math.max(...ruleList.map((r) => r.maxBytes));
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > ruleList.reduce((sum, r) => sum + r.maxBytes, 0) + ENVELOPE_BYTES) {
    throw tooLarge(ruleList.length === 1 ? ruleList[0]!.sizeMessage : MESSAGES.tooLarge);
  }

  if (!request.isMultipart()) return { fields: jsonFields(request.body), files: {}, errors: {} };
  // Its temporary files are removed by hooks that only such routes get (uploads/plugin.ts).
  if (!readsUploads(request.routeOptions))
    throw new Error(`${request.routeOptions.url} reads uploads without consumes: multipart/form-data`);
  return request.server.uploads.queue.run(() => readMultipart(request, rules, maxFile, ruleList.length));
}

async function readMultipart<F extends string>(
  request: FastifyRequest,
  rules: Record<F, FileRule>,
  maxFile: number,
  fileCount: number,
): Promise<ParsedUpload<F>> {
  const tempDir = request.server.uploads.tempDir;
  await fsp.mkdir(tempDir, { recursive: true });
  const fields: Record<string, string> = {};
  const raw: Partial<Record<F, { path: string; size: number; name: string }>> = {};
  try {
    const parts = request.parts({
      limits: {
        fileSize: maxFile + 1,
        files: fileCount + 2,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: fileCount + MAX_FIELDS + 2,
      },
      // The raw name, so a name carrying a path is refused rather than silently shortened.
      preservePath: true,
      // Read by @fastify/multipart per request (missing from its types): sizes are checked below, per file.
      ...({ throwFileSizeLimit: false } as object),
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw tooLarge(MESSAGES.tooLarge);
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        continue;
      }
      const rule = (rules as Record<string, FileRule | undefined>)[part.fieldname];
      if (!rule || part.fieldname in raw) {
        await discard(part.file); // unknown or repeated file fields are ignored
        continue;
      }
      const file = path.join(tempDir, `incoming-${randomUUID()}`);
      trackTempFile(request, file);
      const size = await writeCapped(part.file, file, rule.maxBytes);
      if (size === null || part.file.truncated) throw tooLarge(rule.sizeMessage, part.fieldname);
      // A file input left empty is sent as a nameless, empty part: the same as no file.
      if (size === 0 && !part.filename) continue;
      raw[part.fieldname as F] = { path: file, size, name: part.filename ?? '' };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw tooLarge(MESSAGES.tooLarge);
    throw new HttpError(400, 'Le formulaire envoyé est incomplet ou mal formé.');
  }

  const files: Partial<Record<F, ReceivedFile>> = {};
  const errors: FieldErrors = {};
  // One file in memory at a time, for the structure checks (images walked, PDFs parsed, containers opened).
  for (const [field, received] of Object.entries(raw) as [F, { path: string; size: number; name: string }][]) {
    const outcome = await inspectFile(await fsp.readFile(received.path), received.name, rules[field]);
    if ('error' in outcome) errors[field] = [outcome.error];
    else files[field] = { field, path: received.path, size: received.size, kind: outcome.kind };
  }
  return { fields, files, errors };
}

function jsonFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [k, v] of Object.entries(body))
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = String(v);
  }
  return fields;
}

/** Turns a failed zod parse into the 422 field errors of docs/product/http-api.md (first message per rule, no duplicates). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_';
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}

export const extensionOf = (kind: FileKind) => EXTENSION_BY_KIND[kind];

/** The file name (no folder) of a storage key `area/uuid.ext`. */
export const fileNameOf = (key: string) => key.slice(key.indexOf('/') + 1);

/**
 * Writes the files, then runs `commit` (the database transaction) with their names. When anything
 * fails, the files already written are removed: a failed request leaves no orphan file.
 */
export async function storeThenCommit<T, F extends string>(
  storage: Storage,
  files: ReadonlyArray<{ field: F; area: StorageArea; file: ReceivedFile }>,
  commit: (names: Partial<Record<F, string>>) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  const names: Partial<Record<F, string>> = {};
  try {
    for (const { field, area, file } of files) {
      const key = await storage.put(area, fs.createReadStream(file.path), extensionOf(file.kind));
      written.push(key);
      names[field] = fileNameOf(key);
    }
    return await commit(names);
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.remove(key)));
    throw error;
  }
}

/**
 * Validates the text fields with the shared schema and checks the required files; throws one 422
 * carrying every field's problem (text and files together), like the browser shows them.
 */
export function validateUpload<S extends z.ZodType, F extends string>(
  schema: S,
  upload: ParsedUpload<F>,
  rules: Record<F, FileRule>,
  requiredFiles: readonly F[],
): z.output<S> {
  const parsed = schema.safeParse(upload.fields);
  const errors: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error);
  for (const [field, messages] of Object.entries(upload.errors)) errors[field] = messages;
  for (const field of requiredFiles) {
    if (!upload.files[field] && !errors[field]) errors[field] = [rules[field].requiredMessage];
  }
  if (!parsed.success || Object.keys(errors).length > 0) throw unprocessable(errors);
  return parsed.data;
}
