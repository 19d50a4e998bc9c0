import { useAuthorizedObjectUrl } from '@web/lib/use-authorized-object-url';

// An image behind an administrator-only route (a pending testimonial's avatar): fetched with the bearer token.
export function AuthorizedImage({ src, alt, size }: { src: string; alt: string; size: number }) {
  const url = useAuthorizedObjectUrl(src);
  const box = { width: size, height: size };
  return url ? (
    <img src={url} alt={alt} {...box} className="shrink-0 rounded-full object-cover" style={box} />
  ) : (
    <span aria-hidden className="shrink-0 rounded-full bg-slate-200" style={box} />
  );
}
