import { VOLUNTEER_MESSAGES } from '@shared/zod-free/volunteer';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from '@web/lib/router';
import { formatTelephone } from '@shared/phone';

/**
 * After a volunteer registers (issue 18): what happens next, instead of a toast and an empty form.
 * Volunteers give a telephone and, if they wish, an e-mail: the answer comes by SMS (and by e-mail when given).
 */
export function VolunteerConfirmation({ email, telephone, publicProfile }: { email: string; telephone: string; publicProfile: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col gap-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-emerald-700">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
        <CircleCheck aria-hidden="true" size={30} />
      </span>
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold text-emerald-950 focus:outline-none">
        {VOLUNTEER_MESSAGES.success} Votre candidature est bien reçue.
      </h2>
      <h3 className="font-semibold text-emerald-950">Et maintenant&nbsp;?</h3>
      <ol className="list-decimal space-y-2 pl-6 text-slate-800">
        <li>Notre équipe examine votre candidature et vos quatre documents.</li>
        <li>
          Vous recevrez un SMS au <strong className="whitespace-nowrap">{formatTelephone(telephone)}</strong>
          {email ? (
            <>
              {' '}
              et un e-mail à <strong className="[overflow-wrap:anywhere]">{email}</strong>
            </>
          ) : null}{' '}
          dès qu’elle est acceptée, ou avec la raison si elle ne l’est pas.
        </li>
        {/* The public profile is the volunteer's choice (unticked by default): promise it only when ticked. */}
        {publicProfile ? (
          <li>
            Une fois acceptée, votre photo et votre nom apparaissent dans l’équipe des volontaires, sur la page d’accueil, comme vous l’avez
            choisi, et nous vous contactons.
          </li>
        ) : (
          <li>
            Une fois acceptée, nous vous contactons. Votre photo et votre nom restent privés&nbsp;: vous avez choisi de ne pas apparaître
            sur le site.
          </li>
        )}
      </ol>
      <Link
        to="/"
        className="inline-flex min-h-11 items-center justify-center self-start rounded-md bg-emerald-800 px-5 py-3 font-semibold text-white hover:bg-emerald-900"
      >
        Retour à l’accueil
      </Link>
    </div>
  );
}
