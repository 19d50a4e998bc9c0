import { PassThrough, Readable } from 'node:stream';
import { formatFcfa } from '@shared/format';
import type { BookStatements, TrialBalanceLine } from '@shared/schemas/books';
import { csvLine } from '../../platform/exports/csv-encode';
import { type Exec, exportLines, lastEntryId } from './data';
import type { LedgerAccount } from './reports';
import { labelOf } from './reports';
import { accountLabels } from './service';
import { pdfSafe, safePdf } from '../../platform/exports/pdf-text';

// The books' files: CSV in the house format (BOM, `;`, French headers, days « 31/12/2026 ») and PDF with pdfkit's
// standard fonts. Those fonts encode WinAnsi only: the minus sign « − » (U+2212) has no glyph there and printed as
// `"`; every PDF text goes through `pdfSafe`, which writes it as the en dash « – » that WinAnsi has.

const BOM = '\uFEFF';
const table = (rows: readonly (readonly (string | number | null)[])[]) => BOM + rows.map((r) => csvLine(r)).join('');

const money = (n: number) => pdfSafe(formatFcfa(n));

// ---------------------------------------------------------------- CSV

/** Account numbers go out as numbers (no leading zero to keep), so an accountant's software reads them as typed. */
const acc = (account: string) => (/^\d{1,15}$/.test(account) ? Number(account) : account);

export const trialBalanceCsv = (lines: TrialBalanceLine[]) =>
  table([
    ['Compte', 'Intitulé', 'Débit (FCFA)', 'Crédit (FCFA)', 'Solde (FCFA)'],
    ...lines.map((l) => [acc(l.account), l.label, l.debit, l.credit, l.balance]),
    [
      'Total',
      '',
      lines.reduce((s, l) => s + l.debit, 0),
      lines.reduce((s, l) => s + l.credit, 0),
      lines.reduce((s, l) => s + l.balance, 0),
    ],
  ]);

export const ledgerCsv = (accounts: LedgerAccount[]) =>
  table([
    [
      'Compte',
      'Intitulé du compte',
      'Date',
      'Journal',
      'N° d’écriture',
      'Libellé',
      'Cause',
      'Débit (FCFA)',
      'Crédit (FCFA)',
      'Solde (FCFA)',
    ],
    ...accounts.flatMap((a) =>
      a.lines.map((l) => [acc(a.account), a.label, l.date, l.journal, l.number, l.label, l.cause, l.debit, l.credit, l.balance]),
    ),
  ]);

export const EXPORT_HEADER = [
  'Journal',
  'N° d’écriture',
  'Date',
  'Compte',
  'Intitulé du compte',
  'Référence',
  'Libellé',
  'Débit (FCFA)',
  'Crédit (FCFA)',
  'Validée le',
];

/** One line per entry line of the year, streamed in batches of entries (the journal's CSV and the accountant's export). */
export async function exportStream(db: Exec, year: number): Promise<Readable> {
  const labels = await accountLabels(db);
  const last = await lastEntryId(db);
  async function* chunks(): AsyncGenerator<string> {
    yield BOM + csvLine(EXPORT_HEADER);
    for (let after = 0; after < last; after += 5000) {
      const rows = await exportLines(db, year, after, 5000);
      if (rows.length === 0) continue;
      yield rows
        .map((r) =>
          csvLine([
            r.journal,
            r.number,
            r.day,
            acc(r.account),
            labelOf(labels, r.account),
            r.reference,
            r.label,
            Number(r.debit),
            Number(r.credit),
            r.validated_at,
          ]),
        )
        .join('');
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

export function statementsCsvFiles(s: BookStatements): { name: string; body: string }[] {
  const files = [
    {
      name: `bilan-${s.year}.csv`,
      body: table([
        ['Côté', 'Compte', 'Poste', 'Montant (FCFA)'],
        ...s.balance_sheet.assets.map((l) => ['Actif', acc(l.account), l.label, l.amount]),
        ['Actif', '', 'Total de l’actif', s.balance_sheet.total_assets],
        ...s.balance_sheet.liabilities.map((l) => ['Passif', acc(l.account), l.label, l.amount]),
        ['Passif', '', 'Total du passif', s.balance_sheet.total_liabilities],
      ]),
    },
    {
      name: `compte-de-resultat-${s.year}.csv`,
      body: table([
        ['Nature', 'Compte', 'Poste', 'Montant (FCFA)'],
        ...s.income_statement.lines.map((l) => [l.kind === 'charge' ? 'Charge' : 'Produit', acc(l.account), l.label, l.amount]),
        ['Résultat', '', s.income_statement.result >= 0 ? 'Excédent' : 'Déficit', s.income_statement.result],
      ]),
    },
  ];
  if (s.cash_flow)
    files.push({
      name: `flux-de-tresorerie-${s.year}.csv`,
      body: table([
        ['Poste', 'Montant (FCFA)'],
        ['Trésorerie au 1er janvier', s.cash_flow.opening_cash],
        ['Encaissements', s.cash_flow.receipts],
        ['Décaissements', s.cash_flow.payments],
        ['Trésorerie au 31 décembre', s.cash_flow.closing_cash],
        ['Soldes des comptes de trésorerie', s.cash_flow.treasury_balances],
      ]),
    });
  return files;
}

export async function zipOf(files: { name: string; body: string }[]): Promise<Readable> {
  const { ZipArchive } = await import('archiver');
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const out = new PassThrough();
  zip.on('error', (err) => out.destroy(err));
  zip.pipe(out);
  for (const f of files) zip.append(f.body, { name: f.name });
  void zip.finalize();
  return out;
}

// ---------------------------------------------------------------- PDF

export interface Issuer {
  name: string;
  address: string | null;
  registration_number: string | null;
}

type Pdf = PDFKit.PDFDocument;

async function pdfDocument(
  title: string,
  issuer: Issuer,
  draw: (pdf: Pdf, row: (cells: string[], widths: number[], bold?: boolean) => void) => void,
) {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise<Buffer>((resolve, reject) => {
    const pdf = safePdf(new PDFDocument({ size: 'A4', margin: 40, info: { Title: pdfSafe(title), Author: pdfSafe(issuer.name) } }));
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.font('Helvetica-Bold').fontSize(14).fillColor('#064e3b').text(pdfSafe(title));
    pdf.font('Helvetica').fontSize(9).fillColor('#334155').text(pdfSafe(issuer.name));
    if (issuer.address) pdf.text(pdfSafe(issuer.address));
    if (issuer.registration_number) pdf.text(pdfSafe(`N° d’enregistrement : ${issuer.registration_number}`));
    const issued = new Date(Date.now() + 3600_000).toISOString().slice(0, 10).split('-').reverse().join('/');
    pdf.text(pdfSafe(`Établi le ${issued} — système comptable SYCEBNL (OHADA)`));
    pdf.moveDown(0.6);
    const row = (cells: string[], widths: number[], bold = false) => {
      if (pdf.y > 780) pdf.addPage();
      const y = pdf.y;
      let x = 40;
      pdf
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(8)
        .fillColor('#0f172a');
      let bottom = y;
      cells.forEach((c, i) => {
        const numeric = /^[\u2212\-–]?\d/.test(c) && /FCFA$/.test(c);
        pdf.text(pdfSafe(c), x, y, { width: widths[i]! - 4, align: numeric ? 'right' : 'left' });
        bottom = Math.max(bottom, pdf.y);
        x += widths[i]!;
      });
      pdf.x = 40;
      pdf.y = bottom + 2;
    };
    draw(pdf, row);
    pdf.end();
  });
}

function signatures(pdf: Pdf, roles: string[]) {
  if (pdf.y > 700) pdf.addPage();
  pdf.moveDown(2);
  const y = pdf.y;
  roles.forEach((role, i) => {
    const x = 40 + i * 260;
    pdf.font('Helvetica').fontSize(9).fillColor('#0f172a').text(pdfSafe(role), x, y, { width: 240 });
    pdf.text('Date et signature :', x, y + 14, { width: 240 });
    pdf
      .moveTo(x, y + 60)
      .lineTo(x + 220, y + 60)
      .strokeColor('#94a3b8')
      .stroke();
  });
  pdf.x = 40;
  pdf.y = y + 70;
}

const heading = (pdf: Pdf, text: string) => {
  pdf.moveDown(0.5);
  pdf.font('Helvetica-Bold').fontSize(11).fillColor('#064e3b').text(pdfSafe(text), 40);
  pdf.moveDown(0.2);
};

export const trialBalancePdf = (year: number, lines: TrialBalanceLine[], issuer: Issuer) =>
  pdfDocument(`Balance générale — exercice ${year}`, issuer, (pdf, row) => {
    const w = [60, 195, 90, 90, 80];
    row(['Compte', 'Intitulé', 'Débit', 'Crédit', 'Solde'], w, true);
    for (const l of lines) row([l.account, l.label, money(l.debit), money(l.credit), money(l.balance)], w);
    const total = (k: 'debit' | 'credit' | 'balance') => lines.reduce((s, l) => s + l[k], 0);
    row(['Total', '', money(total('debit')), money(total('credit')), money(total('balance'))], w, true);
    void pdf;
  });

export const ledgerPdf = (year: number, accounts: LedgerAccount[], issuer: Issuer) =>
  pdfDocument(`Grand livre — exercice ${year}`, issuer, (pdf, row) => {
    const w = [55, 60, 30, 170, 70, 70, 60];
    for (const a of accounts) {
      heading(pdf, `${a.account} — ${a.label}`);
      row(['Date', 'Écriture', 'Jnl', 'Libellé', 'Débit', 'Crédit', 'Solde'], w, true);
      for (const l of a.lines)
        row([l.date.split('-').reverse().join('/'), l.number, l.journal, l.label, money(l.debit), money(l.credit), money(l.balance)], w);
      row(['', '', '', 'Total du compte', money(a.debit), money(a.credit), money(a.balance)], w, true);
    }
  });

export interface JournalPdfEntry {
  number: string;
  date: string;
  journal: string;
  label: string;
  lines: { account: string; debit: number; credit: number }[];
}

export const journalPdf = (year: number, entries: JournalPdfEntry[], labels: Map<string, string>, issuer: Issuer, truncated: boolean) =>
  pdfDocument(`Journal général — exercice ${year}`, issuer, (pdf, row) => {
    const w = [60, 55, 30, 50, 150, 85, 85];
    row(['Écriture', 'Date', 'Jnl', 'Compte', 'Libellé', 'Débit', 'Crédit'], w, true);
    for (const e of entries) {
      for (const [i, l] of e.lines.entries())
        row(
          [
            i === 0 ? e.number : '',
            i === 0 ? e.date.split('-').reverse().join('/') : '',
            i === 0 ? e.journal : '',
            l.account,
            i === 0 ? e.label : labelOf(labels, l.account),
            l.debit ? money(l.debit) : '',
            l.credit ? money(l.credit) : '',
          ],
          w,
        );
    }
    if (truncated)
      pdf.moveDown().font('Helvetica').fontSize(9).text('Journal tronqué : le fichier CSV contient toutes les écritures de l’exercice.');
  });

export const statementsPdf = (s: BookStatements, issuer: Issuer) =>
  pdfDocument(
    `États financiers de l’exercice ${s.year} — ${s.system === 'normal' ? 'système normal' : 'système minimal de trésorerie'}`,
    issuer,
    (pdf, row) => {
      const w = [60, 340, 110];
      heading(pdf, 'Bilan — actif');
      for (const l of s.balance_sheet.assets) row([l.account, l.label, money(l.amount)], w);
      row(['', 'Total de l’actif', money(s.balance_sheet.total_assets)], w, true);
      heading(pdf, 'Bilan — passif');
      for (const l of s.balance_sheet.liabilities) row([l.account, l.label, money(l.amount)], w);
      row(['', 'Total du passif', money(s.balance_sheet.total_liabilities)], w, true);
      heading(pdf, 'Compte de résultat');
      for (const l of s.income_statement.lines) row([l.account, `${l.kind === 'charge' ? '− ' : '+ '}${l.label}`, money(l.amount)], w);
      row(['', 'Total des charges', money(s.income_statement.total_charges)], w, true);
      row(['', 'Total des produits', money(s.income_statement.total_products)], w, true);
      row(
        ['', s.income_statement.result >= 0 ? 'Excédent de l’exercice' : 'Déficit de l’exercice', money(s.income_statement.result)],
        w,
        true,
      );
      if (s.cash_flow) {
        heading(pdf, 'Tableau des flux de trésorerie');
        row(['', 'Trésorerie au 1er janvier', money(s.cash_flow.opening_cash)], w);
        row(['', '+ Encaissements', money(s.cash_flow.receipts)], w);
        row(['', '− Décaissements', money(s.cash_flow.payments)], w);
        row(['', 'Trésorerie au 31 décembre', money(s.cash_flow.closing_cash)], w, true);
      }
      heading(pdf, 'Contrôles');
      const check = (ok: boolean, text: string) => row(['', `${text} : ${ok ? 'vérifié' : 'écart constaté'}`, ''], w);
      check(s.checks.balanced, 'Total de l’actif = total du passif');
      check(s.checks.results_agree, 'Résultat du bilan = résultat du compte de résultat');
      check(s.checks.cash_agrees, 'Trésorerie de clôture = soldes des comptes de trésorerie');
      signatures(pdf, ['Le trésorier', 'Le président (représentant légal)']);
    },
  );

export interface DonorLine {
  name: string;
  count: number;
  total: number;
  receipts: string;
}

export const donorRegisterPdf = (year: number, donors: DonorLine[], issuer: Issuer) =>
  pdfDocument(`Registre des dons reçus — exercice ${year}`, issuer, (pdf, row) => {
    const w = [200, 50, 110, 155];
    row(['Donateur', 'Dons', 'Total', 'Reçus'], w, true);
    for (const d of donors) row([d.name, String(d.count), money(d.total), d.receipts], w);
    row(['Total', String(donors.reduce((s, d) => s + d.count, 0)), money(donors.reduce((s, d) => s + d.total, 0)), ''], w, true);
    signatures(pdf, ['Le représentant légal', 'Le trésorier']);
  });
