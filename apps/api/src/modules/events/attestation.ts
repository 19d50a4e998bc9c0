import { ORGANISATION } from '@shared/constants';
import { formatCotonouDateTime, formatNumber } from '@shared/format';
import type { DB } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import * as data from './data';
import { safePdf } from '../../platform/exports/pdf-text';

// « Attestation de bénévolat »: the shifts a volunteer served (hours confirmed by the coordinator) and the total
// hours, as an A4 PDF. pdfkit loads with the first PDF asked for, as receipts do.

/** « 3 heures 30 minutes », « 1 heure », « 45 minutes ». */
export function duration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hours = h > 0 ? `${formatNumber(h)} heure${h >= 2 ? 's' : ''}` : '';
  const mins = m > 0 || h === 0 ? `${m} minute${m >= 2 ? 's' : ''}` : '';
  return [hours, mins].filter(Boolean).join(' ');
}

export async function attestationPdf(db: DB, volunteer: { id: number; name: string }): Promise<Buffer> {
  const served = await data.servedSignups(db, volunteer.id);
  // Only the hours the coordinator confirmed (docs: docs/product/events.md).
  const rows = served.map((s) => ({ ...s, minutes: s.hours_minutes ?? 0 }));
  const total = rows.reduce((sum, r) => sum + r.minutes, 0);
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const pdf = safePdf(
      new PDFDocument({ size: 'A4', margin: 50, info: { Title: 'Attestation de bénévolat', Author: ORGANISATION.name } }),
    );
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.font('Helvetica-Bold').fontSize(18).fillColor('#064e3b').text('Attestation de bénévolat', { align: 'center' });
    pdf.moveDown();
    pdf.font('Helvetica').fontSize(11).fillColor('#0f172a');
    pdf.text(
      `${ORGANISATION.name} atteste que ${volunteer.name} a donné de son temps comme bénévole de l'association, ` +
        `pour un total de ${duration(total)}.`,
    );
    pdf.moveDown();
    for (const r of rows) {
      pdf.font('Helvetica-Bold').text(`${r.event_title} — ${r.label}`);
      pdf
        .font('Helvetica')
        .text(
          `Créneau du ${formatCotonouDateTime(r.starts_at)} au ${formatCotonouDateTime(r.ends_at)} : ${duration(r.minutes)} confirmées`,
        );
      pdf.moveDown(0.5);
    }
    if (rows.length === 0) pdf.text('Aucune heure de bénévolat confirmée pour le moment.');
    pdf.moveDown();
    pdf.text(`Fait à Cotonou, le ${formatCotonouDateTime(clock.now().toISOString()).replace(/ à .*/, '')}.`);
    pdf.end();
  });
}
