import type { ReceiptDocument } from './receipt-document';
import { safePdf } from '../../platform/exports/pdf-text';

// The same receipt as an A5 PDF, built with the standard Helvetica fonts (they cover French accents). pdfkit (~20 MiB
// once loaded, with its fonts) loads with the first PDF asked for, not at every start.
// `signature`: the organisation's signature image (PNG or JPEG) when an administrator set one; left out otherwise.
export async function renderReceiptPdf(doc: ReceiptDocument, signature: Buffer | null = null): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const pdf = safePdf(
      new PDFDocument({ size: 'A5', margin: 40, info: { Title: `${doc.title} ${doc.number}`, Author: doc.organisation.name } }),
    );
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);

    pdf.font('Helvetica-Bold').fontSize(16).fillColor('#064e3b').text(`${doc.title} n° ${doc.number}`);
    pdf.moveDown(0.5);
    if (doc.voided) {
      pdf.font('Helvetica-Bold').fontSize(22).fillColor('#991b1b').text(doc.voided.stamp);
      pdf.font('Helvetica-Bold').fontSize(11).text(doc.voided.detail);
      pdf.moveDown(0.5);
    }
    pdf.font('Helvetica-Bold').fontSize(10).fillColor('#0f172a').text(doc.organisation.name);
    pdf.font('Helvetica').text(doc.organisation.address);
    for (const fact of [doc.organisation.registration, doc.organisation.contact]) if (fact) pdf.text(fact);
    pdf.moveDown();
    const line = (label: string, value: string, bold = false) => {
      pdf.font('Helvetica-Bold').fontSize(10).text(`${label} : `, { continued: true });
      pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(value);
      pdf.moveDown(0.3);
    };
    line('Date', doc.date);
    for (const [k, v] of doc.payer) line(k, v);
    line('Montant', doc.amountFigures, true);
    line('Montant en lettres', doc.amountWords);
    line(doc.object[0], doc.object[1]);
    line(doc.reference[0], doc.reference[1]);
    pdf.moveDown();
    pdf.font('Helvetica').fontSize(9).fillColor('#334155').text(doc.note);
    if (signature) {
      pdf.moveDown();
      try {
        pdf.image(signature, { fit: [160, 64] });
      } catch {
        // An image the upload checks let through but pdfkit cannot draw: the receipt stays valid without it.
      }
    }
    pdf.end();
  });
}
