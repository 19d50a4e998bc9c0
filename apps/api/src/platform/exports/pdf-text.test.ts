import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/helpers/pdf-text';
import { formatFcfa } from '@shared/format';
import { pdfSafe, safePdf } from './pdf-text';

// pdfkit's standard fonts encode WinAnsi only: the statements PDF once printed « − » as `"` (issue 40). A document
// wrapped by `safePdf` prints the minus, the narrow no-break space, the apostrophe and the arrow readably.

async function render(wrap: boolean, text: string): Promise<string> {
  const pdf = new PDFDocument({ size: 'A4', margin: 40 });
  const doc = wrap ? safePdf(pdf) : pdf;
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.font('Helvetica').text(text);
  doc.text(`${text} (suite)`, 40, 200, { width: doc.widthOfString(text) + 50 });
  doc.end();
  await done;
  return pdfText(Buffer.concat(chunks));
}

describe('safePdf', () => {
  const sample = '\u2212 Dépenses de l’année\u202f: 5\u202f000 FCFA \u2192 report';
  it('prints the minus as an en dash, narrow spaces as no-break spaces, the apostrophe and the arrow', async () => {
    const text = await render(true, sample);
    // pdfText reads WinAnsi bytes as Latin-1: en dash 0x96, apostrophe 0x92, no-break space 0xA0.
    expect(text).toContain('\u0096 Dépenses de l\u0092année\u00a0: 5\u00a0000 FCFA -> report');
    expect(text).not.toContain('"');
  });

  it('is what makes the difference (without it, « − » prints as `"`)', async () => {
    expect(await render(false, sample)).not.toContain('\u0096 Dépenses');
  });
});

describe('negative amounts in PDFs', () => {
  it('print the web’s minus sign as an en dash, never a quote mark', async () => {
    expect(pdfSafe(formatFcfa(-5000))).toBe('\u20135\u00a0000\u00a0FCFA');
    const text = await render(true, `Écart ${formatFcfa(-5000)}`);
    expect(text).toContain('Écart \u00965\u00a0000\u00a0FCFA');
    expect(text).not.toContain('"');
  });
});
