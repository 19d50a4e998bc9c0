import { downloadFile } from '@web/lib/download-file';
import { notify } from '@web/lib/notify';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_TEXT } from './admin-texts';

/** The last segment of a stored path (`cv/abc.pdf` → `abc.pdf`): what the download routes take. */
export const fileNameOf = (stored: string) => stored.split(/[\\/]/).pop() ?? stored;

/** A download "link" for a protected file: fetched with the bearer token, then saved by the browser. */
export function DownloadButton({
  path,
  fileName,
  label,
  description,
}: {
  path: string;
  fileName: string;
  label: string;
  description?: string;
}) {
  const [isBusy, setBusy] = useState(false);
  return (
    <button
      type="button"
      aria-label={description}
      disabled={isBusy}
      aria-busy={isBusy || undefined}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadFile(path, fileName);
        } catch {
          notify.error(ADMIN_TEXT.downloadFailed);
        } finally {
          setBusy(false);
        }
      }}
      className="inline-flex min-h-11 max-w-full items-center gap-1 rounded px-1 text-left leading-snug font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-950 disabled:opacity-60"
    >
      <Download aria-hidden size={16} className="shrink-0" />
      {isBusy ? 'Téléchargement…' : label}
    </button>
  );
}
