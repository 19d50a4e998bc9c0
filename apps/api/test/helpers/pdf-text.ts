import { inflateSync } from 'node:zlib';

/** The text a pdfkit PDF shows (standard fonts write it as hex strings in deflated content streams). */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const h of content.matchAll(/<([0-9a-fA-F]+)>/g)) text += Buffer.from(h[1]!, 'hex').toString('latin1');
    text += '\n';
  }
  return text;
}
