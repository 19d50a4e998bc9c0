// Opens a CSV export as a spreadsheet with Excel's rules would show it (issue #33: « a CSV parser with Excel's
// rules »): the byte-order mark and `;` separator, RFC 4180 quoting, then each cell's value as Excel displays it —
// a formula ="…" shows its text, a cell that reads as a number loses its leading zeros and its +, a leading
// apostrophe in a CSV file is shown as it is, anything else is text.

/** The rows of a CSV text (RFC 4180, `;` between cells, CRLF or LF between rows). */
export function parseCsv(text: string): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** What Excel shows for one parsed cell. */
export function excelShows(cell: string): string {
  const formulaText = /^="((?:[^"]|"")*)"$/.exec(cell);
  if (formulaText) return formulaText[1]!.replaceAll('""', '"');
  if (/^[+-]?\d+(?:[.,]\d+)?$/.test(cell.trim())) return String(Number(cell.trim().replace(',', '.')));
  return cell;
}

/** The export as Excel shows it: one object per row, keyed by the header row. */
export function openAsSpreadsheet(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, excelShows(r[i] ?? '')])));
}
