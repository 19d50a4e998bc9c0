// pdfkit's standard fonts (Helvetica) encode WinAnsi only: the minus sign « − » (U+2212) has no glyph there and
// printed as `"`, narrow spaces as nothing readable. Every PDF text goes through `pdfSafe`: the minus becomes the en
// dash « – » and narrow spaces a no-break space, both of which WinAnsi has.
export function pdfSafe(text: string): string {
  return text.replace(/\u2212/g, '\u2013').replace(/[\u202f\u2009]/g, '\u00a0');
}
