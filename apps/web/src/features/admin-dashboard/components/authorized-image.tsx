import { session } from '@web/lib/session';
import { useEffect, useState } from 'react';

// An image behind an administrator-only route (a pending testimonial's avatar, issue #18 §5): an <img src> cannot
// send the bearer token, so the image is fetched with it and shown from a blob: URL (allowed by the CSP).
export function AuthorizedImage({ src, alt, size }: { src: string; alt: string; size: number }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = session.token();
    fetch(src, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {}); // no image: the name beside it still says who wrote the testimonial
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);
  const box = { width: size, height: size };
  return url ? (
    <img src={url} alt={alt} {...box} className="shrink-0 rounded-full object-cover" style={box} />
  ) : (
    <span aria-hidden className="shrink-0 rounded-full bg-slate-200" style={box} />
  );
}
