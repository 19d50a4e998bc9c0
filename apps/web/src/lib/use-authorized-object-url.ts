import { useEffect, useState } from 'react';
import { session } from './session';

/**
 * A protected file (a pending testimonial's avatar, a volunteer's photo) as a blob: URL for an <img>: an <img src>
 * cannot send the bearer token, so the file is fetched with it (blob: URLs are allowed by the CSP). Null until it is
 * there, and when it cannot be had (the caller shows a placeholder). The URL is revoked when the source changes.
 */
export function useAuthorizedObjectUrl(url: string): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let created: string | null = null;
    const token = session.token();
    fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || controller.signal.aborted) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => {}); // no picture: what stands beside it (a name, a download button) still says whose it is
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [url]);
  return objectUrl;
}
