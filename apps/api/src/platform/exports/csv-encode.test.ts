import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { formatCotonouShort } from '@shared/format';
import { csvCell, csvLine } from './csv-encode';

const REFERENCE = {
  delimiter: ';',
  record_delimiter: '\r\n',
  escape_formulas: true,
  cast: { boolean: (v: boolean) => (v ? 'oui' : 'non') },
} as const;

describe('csvLine', () => {
  it('writes what csv-stringify writes (quotes, formulas, numbers, empty cells)', () => {
    const rows = [
      ['simple', 'Aïcha Zinsou', 12, -5, 0, true, false, null, undefined, ''],
      ['a;b', 'dit "bonjour"', '=SOMME(A1)', '+229 bis', '-3', '@cmd', '\tx', '＝1'],
      ['=a;b', '"', ';', '-', "'déjà", 'fin '],
    ];
    for (const row of rows) expect(csvLine(row)).toBe(stringify([row], REFERENCE));
  });

  it('quotes a cell holding a line break (csv-stringify leaves a lone LF bare, which splits the row)', () => {
    expect(csvLine(['ligne\nsuivante', 'retour\r', 'a'])).toBe('"ligne\nsuivante";"retour\r";a\r\n');
  });

  it('keeps digit-only texts as text (="…"), and only those: formulas stay escaped', () => {
    expect(csvLine(['0197112233', '+2290197112233', '01 97 11 22 33'])).toBe(
      '"=""0197112233""";"=""+2290197112233""";"=""01 97 11 22 33"""\r\n',
    );
    expect(csvLine(['+229=1+1', '0197"+A1', '=HYPERLINK("x")'])).toBe(`'+229=1+1;"0197""+A1";"'=HYPERLINK(""x"")"\r\n`);
  });

  it('writes timestamps in Cotonou time and days the French way', () => {
    expect(csvLine(['2026-11-25T13:54:10.123Z', '2026-11-25', '2026-11-25 à midi'])).toBe(
      '25/11/2026 14:54;25/11/2026;2026-11-25 à midi\r\n',
    );
  });

  it('writes every instant as Intl does in Cotonou (the per-hour shortcut included), across days and years', () => {
    const instants = ['2026-12-31T23:59:59.999Z', '2026-12-31T22:59Z', '2027-01-01T00:00:00Z', '2024-02-29T23:30:00.5Z'];
    for (let i = 0; i < 2000; i++) instants.push(new Date(Date.UTC(2020, 0, 1) + i * 7_654_321_987).toISOString());
    for (const iso of instants) expect(csvCell(iso)).toBe(formatCotonouShort(iso));
    // Offsets other than Z and instants that do not exist go the long way.
    expect(csvCell('2026-11-25T13:54:10+02:00')).toBe('25/11/2026 12:54');
    expect(csvCell('2026-13-45T10:00:00Z')).toBe('2026-13-45T10:00:00Z');
  });
});
