import type { Readable } from 'node:stream';
import { formatFcfa } from '@shared/format';
import type { DB } from '../../platform/database/database';
import { amountInFrenchWords, type receiptIssuer } from '../payments';
import { donorDonationsOfYear, yearDonorNames, yearDonorTotals } from './data';
import { formatTelephone, toE164 } from '../../platform/lib/phone';
import { safePdf } from '../../platform/exports/pdf-text';

// Year-end receipts: for a calendar year, one document per donor (identified by the E.164 telephone) summing the
// donations received that year — approved or transferred, neither refunded nor cancelled.

export async function listYearDonors(db: DB, year: number) {
  const rows = await yearDonorTotals(db, year);
  const names = await yearDonorNames(
    db,
    year,
    rows.map((r) => r.phone!),
  );
  return rows.map((r) => ({ telephone: r.phone!, name: names.get(r.phone!) ?? null, total: Number(r.total), count: Number(r.count) }));
}

/** One donor's year, the telephone typed in any spelling (stored and grouped in E.164). */
export async function donorYear(db: DB, year: number, typed: string) {
  const telephone = toE164(typed) ?? typed;
  const rows = await donorDonationsOfYear(db, year, telephone);
  if (rows.length === 0) return null;
  const names = await yearDonorNames(db, year, [telephone]);
  return { telephone, name: names.get(telephone) ?? null, total: rows.reduce((s, r) => s + r.amount, 0), donations: rows };
}

type DonorYear = NonNullable<Awaited<ReturnType<typeof donorYear>>>;

/**
 * Who issues the year's receipts, as the single receipts print it (name, address, registration number, contact, the
 * signature image): read by the main thread (the image lives in the object store) and handed to the worker.
 */
export interface YearReceiptIssuer {
  organisation: ReturnType<typeof receiptIssuer>;
  signature: Uint8Array | null;
}

const DATE = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Porto-Novo' });

/** The yearly summary as an A4 PDF stream (same fonts and colours as the single receipts). */
export async function yearReceiptPdf(year: number, donor: DonorYear, issuer: YearReceiptIssuer): Promise<Readable> {
  const org = issuer.organisation;
  // pdfkit (~20 MiB once loaded, with its fonts) loads with the first receipt asked for, not at every start.
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = safePdf(new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Reçu annuel des dons ${year}`, Author: org.name } }));
  pdf.font('Helvetica-Bold').fontSize(18).fillColor('#064e3b').text(`Reçu annuel des dons ${year}`);
  pdf.moveDown(0.5);
  pdf.font('Helvetica-Bold').fontSize(11).fillColor('#0f172a').text(org.name);
  pdf.font('Helvetica').text(org.address);
  for (const fact of [org.registration, org.contact]) if (fact) pdf.text(fact);
  pdf.moveDown();
  pdf
    .font('Helvetica-Bold')
    .text('Donateur : ', { continued: true })
    .font('Helvetica')
    .text(donor.name ?? 'Donateur');
  pdf.font('Helvetica-Bold').text('Téléphone : ', { continued: true }).font('Helvetica').text(formatTelephone(donor.telephone));
  pdf.moveDown();
  for (const d of donor.donations) {
    pdf
      .font('Helvetica')
      .fontSize(10)
      .text(`${DATE.format(new Date(d.paid_at!))} — reçu n° ${d.receipt_number ?? ''} — ${formatFcfa(d.amount)}`);
  }
  pdf.moveDown();
  pdf
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Total des dons ${year} : ${formatFcfa(donor.total)}`);
  pdf
    .font('Helvetica')
    .fontSize(10)
    .text(`Soit ${amountInFrenchWords(donor.total)}.`);
  pdf.moveDown();
  pdf
    .fontSize(9)
    .fillColor('#334155')
    .text(`${org.name} atteste avoir reçu ces dons au cours de l’année ${year} et remercie le donateur pour sa générosité.`);
  if (issuer.signature) {
    pdf.moveDown();
    try {
      pdf.image(Buffer.from(issuer.signature), { fit: [160, 64] });
    } catch {
      // An image the upload checks let through but pdfkit cannot draw: the receipt stays valid without it.
    }
  }
  pdf.end();
  return pdf as unknown as Readable;
}

export const yearReceiptFilename = (year: number, telephone: string) => `recu-annuel-${year}-${telephone.replace(/[^\d]/g, '')}.pdf`;
