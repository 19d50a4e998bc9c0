import { formatTelephone, toE164 } from '@shared/phone';

/**
 * A telephone in a back-office list: shown as people read it (« 01 97 12 34 56 ») and dialled in E.164 with one
 * tap on a phone; « — » when there is none.
 */
export function TelephoneLink({ telephone }: { telephone: string | null | undefined }) {
  if (!telephone) return <span>—</span>;
  return (
    <a className="whitespace-nowrap text-emerald-800 underline" href={`tel:${toE164(telephone) ?? telephone.replace(/[^\d+]/g, '')}`}>
      {formatTelephone(telephone)}
    </a>
  );
}
