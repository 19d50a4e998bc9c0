import { useEffect, useState } from 'react';
import { session } from '@web/lib/session';

/**
 * A pending volunteer's photo, seen by the administrator before confirming (issue 18). It is not public
 * yet, so it is fetched with the bearer token and shown from a blob URL.
 */
export function VolunteerPhoto({ fileName, name }: { fileName: string; name: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let isCancelled = false;
    const token = session.token();
    fetch(`/api/download/profile_image/${encodeURIComponent(fileName)}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || isCancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => {
        // No photo shown; the download button beside it still works.
      });
    return () => {
      isCancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [fileName]);
  return src ? (
    <img src={src} alt={name} width={56} height={56} className="h-14 w-14 rounded-full object-cover ring-1 ring-slate-300" />
  ) : (
    <span className="inline-block h-14 w-14 rounded-full bg-slate-100 ring-1 ring-slate-300" aria-hidden="true" />
  );
}
