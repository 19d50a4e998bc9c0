import { ORGANISATION } from '@shared/constants';
import { formatCotonouDateTime, formatNumber } from '@shared/format';
import type { DB } from '../../platform/database/database';
import { clock } from '../../platform/lib/clock';
import * as data from './data';

// « Attestation de bénévolat »: the shifts a volunteer served (arrival and departure recorded) and the total
// hours, as an A4 PDF. pdfkit loads with the first PDF asked for, as receipts do.

export async function attestationPdf(db: DB, volunteer: { id: number; name: string }): Promise<Buffer> {
  const served = await data.servedSignups(db, volunteer.id);
  const rows = served.map((s) => {
    const hours = Math.max(0, Date.parse(s.checked_out_at!) - Date.parse(s.checked_in_at!)) / 3600_000;
    return { ...s, hours: Math.round(hours * 100) / 100 };
  });
  const total = Math.round(rows.reduce((sum, r) => sum + r.hours, 0) * 100) / 100;
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Title: 'Attestation de bénévolat', Author: ORGANISATION.name } });
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.font('Helvetica-Bold').fontSize(18).fillColor('#064e3b').text('Attestation de bénévolat', { align: 'center' });
    pdf.moveDown();
    pdf.font('Helvetica').fontSize(11).fillColor('#0f172a');
    pdf.text(
      `${ORGANISATION.name} atteste que ${volunteer.name} a donné de son temps comme bénévole de l'association, ` +
        `pour un total de ${formatNumber(total)} heure${total >= 2 ? 's' : ''}.`,
    );
    pdf.moveDown();
    for (const r of rows) {
      pdf.font('Helvetica-Bold').text(`${r.event_title} — ${r.label}`);
      pdf
        .font('Helvetica')
        .text(`Du ${formatCotonouDateTime(r.checked_in_at!)} au ${formatCotonouDateTime(r.checked_out_at!)} : ${formatNumber(r.hours)} h`);
      pdf.moveDown(0.5);
    }
    if (rows.length === 0) pdf.text('Aucune heure de bénévolat enregistrée pour le moment.');
    pdf.moveDown();
    pdf.text(`Fait à Cotonou, le ${formatCotonouDateTime(clock.now().toISOString()).replace(/ à .*/, '')}.`);
    pdf.end();
  });
}
