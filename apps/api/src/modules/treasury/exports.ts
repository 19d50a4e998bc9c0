import { Readable } from 'node:stream';
import { DONATION_PURPOSE_LABELS, type DonationPurpose } from '@shared/constants';
import { formatFcfa } from '@shared/format';
import {
  EXPENSE_CATEGORY_LABELS,
  EXPENSE_METHOD_LABELS,
  EXPENSE_STATUS_LABELS,
  type ExpenseCategory,
  type ExpenseMethod,
  type ExpenseStatus,
  type JournalLine,
  MOVEMENT_KIND_LABELS,
  type TreasuryReport,
} from '@shared/schemas/treasury';
import type { FastifyReply } from 'fastify';
import { csvLine } from '../../platform/exports/csv-encode';
import { pdfSafe, safePdf } from '../../platform/exports/pdf-text';
import { type CsvColumn, sendCsv } from '../../platform/exports/csv-export';
import { type Exec, type ExpenseFilter, type ExpenseListRow, expensesQuery, type JournalFilter } from './data';
import { journalBatches } from './journal';

// The treasury's files: expenses and journal as CSV (the house format: BOM, `;`, French headers, streamed), the
// annual statements as CSV and PDF. Every line goes through `csvLine`, as every other export: days « 25/11/2026 »,
// references as text (docs/decisions/csv-spreadsheet-values.md).

const lines = (rows: readonly (readonly (string | number)[])[]) => rows.map((r) => csvLine(r)).join('');
const BOM = '\uFEFF';
const col = <R>(header: string, value: (row: R) => string | number | null | undefined): CsvColumn<R> => ({ header, value });

const EXPENSE_COLUMNS: CsvColumn<ExpenseListRow>[] = [
  col('Identifiant', (r) => r.id),
  col('Date', (r) => r.paid_at),
  col('Montant (FCFA)', (r) => Number(r.amount)),
  col('Catégorie', (r) => EXPENSE_CATEGORY_LABELS[r.category as ExpenseCategory] ?? r.category),
  col('Cause', (r) => (r.purpose ? (DONATION_PURPOSE_LABELS[r.purpose as DonationPurpose] ?? r.purpose) : '')),
  col('Compte', (r) => r.account_name),
  col('Moyen', (r) => EXPENSE_METHOD_LABELS[r.method as ExpenseMethod] ?? r.method),
  col('Bénéficiaire', (r) => r.payee),
  col('Référence', (r) => r.reference),
  col('Description', (r) => r.description),
  col('Statut', (r) => EXPENSE_STATUS_LABELS[r.status as ExpenseStatus] ?? r.status),
  col('Saisie par', (r) => r.created_by_name),
  col('Approuvée par', (r) => r.approved_by_name),
  col('Motif d’annulation', (r) => r.cancel_reason),
  col('Enregistrée le', (r) => r.created_at),
];

export const sendExpensesCsv = (reply: FastifyReply, db: Exec, filter: ExpenseFilter) =>
  sendCsv(reply, { filename: 'depenses', columns: EXPENSE_COLUMNS, query: expensesQuery(db, filter) as never, idColumn: 'e.id' });

const journalRow = (l: JournalLine) => [
  l.date,
  l.account_name,
  MOVEMENT_KIND_LABELS[l.kind],
  l.label,
  l.reference ?? '',
  l.amount > 0 ? l.amount : '',
  l.amount < 0 ? -l.amount : '',
  l.balance,
];

async function* journalChunks(db: Exec, filter: JournalFilter): AsyncGenerator<string> {
  yield BOM + csvLine(['Date', 'Compte', 'Nature', 'Libellé', 'Référence', 'Entrée (FCFA)', 'Sortie (FCFA)', 'Solde (FCFA)']);
  for await (const batch of journalBatches(db, filter)) yield lines(batch.map(journalRow));
}

const attachment = (reply: FastifyReply, type: string, filename: string) =>
  reply.type(type).header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store');

export const sendJournalCsv = (reply: FastifyReply, db: Exec, filter: JournalFilter) =>
  attachment(reply, 'text/csv; charset=utf-8', `journal-tresorerie-${new Date().toISOString().slice(0, 10)}.csv`).send(
    Readable.from(journalChunks(db, filter), { objectMode: false }),
  );

/** The annual statements as CSV: one table per file (results; accounts), so a spreadsheet reads each with its own columns. */
export function reportCsvFiles(report: TreasuryReport): { name: string; body: string }[] {
  const rows: (string | number)[][] = [['Section', 'Poste', 'Montant (FCFA)']];
  for (const r of report.receipts) rows.push(['Recettes', r.label, r.amount]);
  rows.push(['Recettes', 'Total des recettes', report.receipts_total]);
  for (const e of report.expenses) rows.push(['Dépenses', e.label, e.amount]);
  rows.push(['Dépenses', 'Total des dépenses', report.expenses_total]);
  rows.push(['Résultat', report.result >= 0 ? 'Excédent' : 'Déficit', report.result]);
  const accounts: (string | number)[][] = [
    ['Compte', 'Solde au 1er janvier', 'Recettes', 'Dépenses', 'Virements reçus', 'Virements émis', 'Solde au 31 décembre', 'Contrôle'],
  ];
  for (const a of report.accounts)
    accounts.push([
      a.name,
      a.start_balance,
      a.receipts,
      a.expenses,
      a.transfers_in,
      a.transfers_out,
      a.end_balance,
      a.balanced ? 'équilibré' : 'écart',
    ]);
  return [
    { name: `etats-financiers-${report.year}-resultat.csv`, body: BOM + lines(rows) },
    { name: `etats-financiers-${report.year}-comptes.csv`, body: BOM + lines(accounts) },
  ];
}

export async function reportPdf(report: TreasuryReport, organisation: string): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const pdf = safePdf(
      new PDFDocument({ size: 'A4', margin: 48, info: { Title: `États financiers ${report.year}`, Author: organisation } }),
    );
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    const row = (label: string, amount: number, bold = false) => {
      const y = pdf.y;
      pdf
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(10)
        .fillColor('#0f172a')
        .text(pdfSafe(label), 48, y, { width: 330 });
      pdf.text(pdfSafe(formatFcfa(amount)), 380, y, { width: 160, align: 'right' });
      pdf.moveDown(0.2);
    };
    const title = (text: string) => {
      pdf.moveDown(0.8);
      pdf.font('Helvetica-Bold').fontSize(12).fillColor('#064e3b').text(text, 48);
      pdf.moveDown(0.3);
    };
    pdf.font('Helvetica-Bold').fontSize(16).fillColor('#064e3b').text(`États financiers de l’exercice ${report.year}`);
    pdf
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#334155')
      .text(pdfSafe(`${organisation} — comptabilité de trésorerie (SYCEBNL, système minimal de trésorerie)`));
    title('Recettes');
    for (const r of report.receipts) row(r.label, r.amount);
    row('Total des recettes', report.receipts_total, true);
    title('Dépenses');
    for (const e of report.expenses) row(e.label, e.amount);
    row('Total des dépenses', report.expenses_total, true);
    title('Résultat');
    row(report.result >= 0 ? 'Excédent de l’exercice' : 'Déficit de l’exercice', report.result, true);
    title('Comptes de trésorerie');
    for (const a of report.accounts) {
      pdf.font('Helvetica-Bold').fontSize(10).fillColor('#0f172a').text(pdfSafe(a.name), 48);
      row('Solde au 1er janvier', a.start_balance);
      row('+ Recettes', a.receipts);
      row('− Dépenses', a.expenses);
      row('+ Virements reçus', a.transfers_in);
      row('− Virements émis', a.transfers_out);
      row('Solde au 31 décembre', a.end_balance, true);
      pdf
        .font('Helvetica')
        .fontSize(9)
        .fillColor(a.balanced ? '#065f46' : '#991b1b')
        .text(a.balanced ? 'Contrôle : équilibré' : 'Contrôle : écart constaté', 48);
      pdf.moveDown(0.4);
    }
    pdf.end();
  });
}
