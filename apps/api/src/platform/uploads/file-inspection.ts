import type { FileKind, FileRule } from '@shared/schemas/upload-rules';
import { fileExtension, isAcceptableFileName, UPLOAD_MESSAGES } from '@shared/schemas/upload-rules';
import { isSafeDoc, isSafeDocx, isSafePdf } from './document-filter';

// What an uploaded file really is: its type read from its bytes (never its name), and for each type the
// structure checks that keep active content out (scripts in images, polyglots, PDF actions, macros).

/** The file's kind when its name, size and bytes pass the rule, else the message to show. */
export async function inspectFile(buffer: Buffer, name: string, rule: FileRule): Promise<{ kind: FileKind } | { error: string }> {
  if (!isAcceptableFileName(name)) return { error: UPLOAD_MESSAGES.badName };
  if (!rule.extensions.includes(fileExtension(name))) return { error: rule.typeMessage };
  if (buffer.length === 0) return { error: UPLOAD_MESSAGES.empty };
  if (buffer.length > rule.maxBytes) return { error: rule.sizeMessage };
  const kind = await sniffKind(buffer);
  if (!kind || !rule.kinds.includes(kind)) return { error: rule.typeMessage };
  if (!(await isSafeDocument(kind, buffer))) return { error: rule.typeMessage };
  return { kind };
}

/** The type read from the bytes, or null when unknown or when the file also looks like something else (a polyglot). */
export async function sniffKind(buffer: Buffer): Promise<FileKind | null> {
  // file-type (~10 MiB once loaded) with the first upload, not at every start.
  const { fileTypeFromBuffer } = await import('file-type');
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
      return !PDF_ACTIVE.test(text) && !/<script|<html|<\?php/i.test(text) && isSafePdf(buffer);
    }
    case 'docx':
      return !text.includes('vbaProject');
    case 'doc':
      return true;
  }
}

/** The deeper, asynchronous checks of documents (containers opened, streams inflated): see document-filter.ts. */
export async function isSafeDocument(kind: FileKind, buffer: Buffer): Promise<boolean> {
  if (kind === 'docx') return isSafeDocx(buffer);
  if (kind === 'doc') return isSafeDoc(buffer);
  return true;
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
