import { apiUrl } from '@web/lib/api-url';
import { useAuthorizedObjectUrl } from '@web/lib/use-authorized-object-url';
import { volunteerFilePath } from './api';

/**
 * A pending volunteer's photo, seen by the administrator before confirming. It is not public yet, so it is fetched
 * with the bearer token.
 */
export function VolunteerPhoto({ fileName, name }: { fileName: string; name: string }) {
  const src = useAuthorizedObjectUrl(apiUrl(volunteerFilePath('profile_image', fileName)));
  return src ? (
    <img src={src} alt={name} width={56} height={56} className="h-14 w-14 rounded-full object-cover ring-1 ring-slate-300" />
  ) : (
    <span className="inline-block h-14 w-14 rounded-full bg-slate-100 ring-1 ring-slate-300" aria-hidden="true" />
  );
}
