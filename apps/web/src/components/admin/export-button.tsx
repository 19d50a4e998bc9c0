import { EXPORT_FORMAT, EXPORT_TEXT } from '@shared/schemas/exports';
import { downloadFile } from '@web/lib/download-file';
import { notify } from '@web/lib/notify';
import { FileDown } from 'lucide-react';
import { useState } from 'react';

export interface ExportSource {
  /** The list's API path, e.g. `/donations`. */
  path: string;
  /** The filters on screen (role, status, cancelled…); the search is added by the list. */
  params?: Record<string, string | undefined>;
}

/** The list's URL with its on-screen filters and `format=csv`: the server sends every matching row. */
export function exportUrl(source: ExportSource, q: string): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(source.params ?? {})) if (value) query.set(key, value);
  if (q) query.set('q', q);
  query.set('format', EXPORT_FORMAT);
  return `${source.path}?${query.toString()}`;
}

/** « Exporter »: downloads the list as a CSV file for a spreadsheet. */
export function ExportButton({ source, q, fileName }: { source: ExportSource; q: string; fileName: string }) {
  const [isBusy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={isBusy}
      aria-busy={isBusy || undefined}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadFile(exportUrl(source, q), `${fileName}.csv`);
        } catch {
          notify.error(EXPORT_TEXT.failed);
        } finally {
          setBusy(false);
        }
      }}
      className="inline-flex min-h-11 items-center gap-2 rounded-md border border-emerald-800 bg-white px-3 py-2 font-medium text-emerald-800 hover:bg-emerald-50 focus-visible:ring-2 focus-visible:ring-emerald-700 focus-visible:outline-none disabled:opacity-60"
    >
      <FileDown aria-hidden size={18} />
      {isBusy ? 'Export en cours…' : EXPORT_TEXT.button}
    </button>
  );
}
