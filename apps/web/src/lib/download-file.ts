import { MESSAGES } from '@shared/messages';
import { ApiError } from './api-client';
import { session } from './session';

// Protected files (CVs, criminal records, project files, receipts) need the bearer token, which a plain
// <a href> cannot send: fetch the file with it, then hand the blob to the browser as a download.

const DOWNLOAD_TIMEOUT_MS = 60_000; // a few MB over slow mobile data

/** `attachment; filename*=UTF-8''n%C3%A9.pdf` or `filename="x.pdf"` → the file name, if any. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || null;
}

/** `path` is relative to /api (`/download/cv/abc.pdf`); an absolute `/api/...` path is accepted too. */
export async function downloadFile(path: string, fallbackName: string, options: { token?: string | null } = {}): Promise<void> {
  const url = path.startsWith('/api/') ? path : `/api${path.startsWith('/') ? path : `/${path}`}`;
  const token = options.token === undefined ? session.token() : options.token;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), DOWNLOAD_TIMEOUT_MS);
  let response: Response;
  let blob: Blob;
  try {
    response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      throw new ApiError(response.status, body?.message ?? MESSAGES.genericRetry, {}, body);
    }
    blob = await response.blob();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, MESSAGES.genericRetry);
  } finally {
    clearTimeout(timer);
  }
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start reading the blob only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
}
