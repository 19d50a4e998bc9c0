// pdfkit's standard fonts (Helvetica) encode WinAnsi only: the minus sign « − » (U+2212) has no glyph there and
// printed as `"`, narrow spaces as nothing readable. Every PDF text goes through `pdfSafe`: the minus becomes the en
// dash « – », narrow and thin spaces a no-break space, the arrow « → » an ASCII one, all of which WinAnsi has (the
// apostrophe « ’ », the quotes « » and the dashes « – — » are WinAnsi already).
export function pdfSafe(text: string): string {
  return text
    .replace(/\u2212/g, '\u2013')
    .replace(/[\u202f\u2009\u2007\u200a]/g, '\u00a0')
    .replace(/[\u2010\u2011]/g, '-')
    .replace(/\u2192/g, '->');
}

type Doc = PDFKit.PDFDocument;

/**
 * Makes every `text`, `widthOfString` and `heightOfString` of a document go through `pdfSafe`, so that no caller can
 * forget it (receipts, attestations, registers, statements: docs/books.md). Returns the same document.
 */
export function safePdf<T extends Doc>(pdf: T): T {
  const text = pdf.text.bind(pdf) as (...args: unknown[]) => Doc;
  const width = pdf.widthOfString.bind(pdf) as (...args: unknown[]) => number;
  const height = pdf.heightOfString.bind(pdf) as (...args: unknown[]) => number;
  const clean = (args: unknown[]) => (typeof args[0] === 'string' ? [pdfSafe(args[0]), ...args.slice(1)] : args);
  Object.assign(pdf, {
    text: (...args: unknown[]) => text(...clean(args)),
    widthOfString: (...args: unknown[]) => width(...clean(args)),
    heightOfString: (...args: unknown[]) => height(...clean(args)),
  });
  return pdf;
}
