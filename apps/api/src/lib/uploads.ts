import type { FileKind, FileRule } from '@shared/schemas/upload-rules';
import { fileExtension, isAcceptableFileName, UPLOAD_MESSAGES } from '@shared/schemas/upload-rules';
import { MESSAGES } from '@shared/messages';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import type { Storage, StorageArea } from '../storage/storage';
import { type FieldErrors, HttpError, unprocessable } from './http-errors';

// Multipart uploads of the public forms. The whole request is read first (sizes enforced while
// streaming, nothing written yet), each file's real type is read from its bytes, and only a request
// that passed every check reaches storage — see storeThenCommit for the "row and files together" rule.

export interface ReceivedFile {
  field: string;
  buffer: Buffer;
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

const tooLarge = (message: string, field?: string) => new HttpError(413, message, field ? { [field]: [message] } : undefined);

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

  const fields: Record<string, string> = {};
  const raw: Partial<Record<F, { buffer: Buffer; name: string }>> = {};
  let oversize: { field: string; message: string } | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: maxFile + 1, files: ruleList.length + 2, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, parts: ruleList.length + MAX_FIELDS + 2 },
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
      const chunks: Buffer[] = [];
      let size = 0;
      // Keep reading past the limit (discarding) so the client receives the 413 instead of a reset connection.
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (rule && size <= rule.maxBytes) chunks.push(chunk);
      }
      if (!rule || part.fieldname in raw) continue; // unknown or repeated file fields are ignored
      if (size > rule.maxBytes || part.file.truncated) {
        oversize ??= { field: part.fieldname, message: rule.sizeMessage };
        continue;
      }
      // A file input left empty is sent as a nameless, empty part: the same as no file.
      if (size === 0 && !part.filename) continue;
      raw[part.fieldname as F] = { buffer: Buffer.concat(chunks, size), name: part.filename ?? '' };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw tooLarge(MESSAGES.tooLarge);
    throw new HttpError(400, 'Le formulaire envoyé est incomplet ou mal formé.');
  }
  if (oversize) throw tooLarge(oversize.message, oversize.field);

  const files: Partial<Record<F, ReceivedFile>> = {};
  const errors: FieldErrors = {};
  for (const [field, received] of Object.entries(raw) as [F, { buffer: Buffer; name: string }][]) {
    const rule = rules[field];
    const outcome = await inspectFile(received.buffer, received.name, rule);
    if ('error' in outcome) errors[field] = [outcome.error];
    else files[field] = { field, buffer: received.buffer, kind: outcome.kind };
  }
  return { fields, files, errors };
}

function jsonFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [k, v] of Object.entries(body)) if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = String(v);
  }
  return fields;
}

/** The file's kind when its name, size and bytes pass the rule, else the message to show. */
export async function inspectFile(buffer: Buffer, name: string, rule: FileRule): Promise<{ kind: FileKind } | { error: string }> {
  if (!isAcceptableFileName(name)) return { error: UPLOAD_MESSAGES.badName };
  if (!rule.extensions.includes(fileExtension(name))) return { error: rule.typeMessage };
  if (buffer.length === 0) return { error: UPLOAD_MESSAGES.empty };
  if (buffer.length > rule.maxBytes) return { error: rule.sizeMessage };
  const kind = await sniffKind(buffer);
  if (!kind || !rule.kinds.includes(kind)) return { error: rule.typeMessage };
  return { kind };
}

/** The type read from the bytes, or null when unknown or when the file also looks like something else (a polyglot). */
export async function sniffKind(buffer: Buffer): Promise<FileKind | null> {
  const detected = await fileTypeFromBuffer(buffer);
  let kind: FileKind | null = null;
  switch (detected?.ext) {
    case 'jpg':
    case 'png':
    case 'webp':
    case 'pdf':
    case 'docx':
      kind = detected.ext;
      break;
    case 'cfb': // legacy Word documents are Compound File Binary containers
      kind = 'doc';
      break;
    default:
      return null;
  }
  return isWellFormed(kind, buffer) ? kind : null;
}

const MARKUP = /<script|<\?php|<html|<!doctype|<svg|<iframe|<object|<embed|javascript:/;
const PDF_ACTIVE = /\/JavaScript\b|\/JS\s*[(<[/]|\/Launch\b|\/EmbeddedFile\b/;

function hasZipTrailer(buffer: Buffer): boolean {
  // A ZIP is read from its end-of-central-directory record, which sits in the last 64 KiB.
  const tail = buffer.subarray(Math.max(0, buffer.length - 65_557));
  return tail.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
}

function isWellFormed(kind: FileKind, buffer: Buffer): boolean {
  const text = buffer.toString('latin1');
  switch (kind) {
    case 'png':
      return pngEndsAtIend(buffer) && !MARKUP.test(text.toLowerCase());
    case 'jpg':
    case 'webp':
      if (kind === 'webp' && buffer.readUInt32LE(4) + 8 !== buffer.length) return false;
      return !hasZipTrailer(buffer) && !MARKUP.test(text.toLowerCase());
    case 'pdf': {
      if (!text.startsWith('%PDF-')) return false;
      const end = text.lastIndexOf('%%EOF');
      if (end < 0 || text.slice(end + 5).trim() !== '') return false;
      return !PDF_ACTIVE.test(text) && !/<script|<html|<\?php/i.test(text);
    }
    case 'docx':
      return !text.includes('vbaProject');
    case 'doc':
      return true;
  }
}

/** Walks the PNG chunks: the file must end exactly with IEND (nothing appended). */
function pngEndsAtIend(buffer: Buffer): boolean {
  let offset = 8;
  while (offset + 12 <= buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return false;
    offset += 12 + length;
    if (type === 'IEND') return offset === buffer.length;
  }
  return false;
}

/** Turns a failed zod parse into the 422 field errors of CONTRACT.md (first message per rule, no duplicates). */
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
      const key = await storage.put(area, file.buffer, extensionOf(file.kind));
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
