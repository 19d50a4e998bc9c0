import { MESSAGES } from '@shared/messages';
import type { FastifyRequest } from 'fastify';
import { fieldError, HttpError } from '../../platform/lib/http-errors';

// A statement is a small text file (CSV) read into memory, capped at its limit; its text fields come beside it.

interface Rule {
  maxBytes: number;
  requiredMessage: string;
  typeMessage: string;
  sizeMessage: string;
}

/** The name shown beside the statement: its last path segment, without markup characters nor control characters. */
export function cleanFilename(name: string): string | null {
  const base = (name.split(/[/\\]/).pop() ?? '')
    .replace(/[<>\p{Cc}]/gu, '')
    .trim()
    .slice(0, 200);
  return base === '' ? null : base;
}

const tooLarge = (message: string) => new HttpError(413, message, { file: [message] }, { connection: 'close' });

export async function readStatementUpload(
  request: FastifyRequest,
  rule: Rule,
): Promise<{ fields: Record<string, string>; text: string; filename: string | null }> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > rule.maxBytes + 256 * 1024) throw tooLarge(rule.sizeMessage);
  if (!request.isMultipart()) throw fieldError('file', rule.requiredMessage);
  return request.server.uploads.queue.run(async () => {
    const fields: Record<string, string> = {};
    let file: { text: string; name: string } | null = null;
    try {
      for await (const part of request.parts({ limits: { fileSize: rule.maxBytes + 1, files: 2, fields: 10, fieldSize: 20_000 } })) {
        if (part.type === 'field') {
          if (part.valueTruncated) throw tooLarge(MESSAGES.tooLarge);
          fields[part.fieldname] = String(part.value ?? '');
          continue;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file) {
          size += (chunk as Buffer).length;
          if (size > rule.maxBytes) throw tooLarge(rule.sizeMessage);
          chunks.push(chunk as Buffer);
        }
        if (part.file.truncated) throw tooLarge(rule.sizeMessage);
        if (part.fieldname !== 'file' || file) continue;
        file = { text: Buffer.concat(chunks).toString('utf8'), name: part.filename ?? '' };
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if ((error as { statusCode?: number }).statusCode === 413) throw tooLarge(rule.sizeMessage);
      throw new HttpError(400, 'Le formulaire envoyé est incomplet ou mal formé.');
    }
    if (!file || file.text.trim() === '') throw fieldError('file', rule.requiredMessage);
    // A statement is text: a NUL byte means a binary file (a spreadsheet, a PDF) sent by mistake.
    if (file.text.includes('\u0000') || !/\.(csv|txt)$/i.test(file.name || 'releve.csv')) throw fieldError('file', rule.typeMessage);
    return { fields, text: file.text, filename: cleanFilename(file.name) };
  });
}
