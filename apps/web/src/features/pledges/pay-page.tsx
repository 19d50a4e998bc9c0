import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from '@web/lib/router';
import { PageTitle } from '@web/components/ui/page-title';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { PushWaiting } from '@web/components/money/push-waiting';
import { payLatestDue, payLatestDueByPhone } from './api';

/**
 * /engagement/{token}/payer, the link of a due's SMS: opens the provider's checkout for the due at once, pre-filled
 * with the pledge's amount and the donor's details. With `?mode=telephone`, the due is asked on the donor's telephone
 * instead, and followed here (docs/giving-by-phone.md). Nothing to pay (already paid, paused, stopped): says so.
 */
export default function PledgePayPage() {
  const token = useParams().token ?? '';
  const [searchParams] = useSearchParams();
  const byPhone = searchParams.get('mode') === 'telephone';
  const [problem, setProblem] = useState<string | null>(null);
  const [pushId, setPushId] = useState<string | null>(null);
  const started = useRef(false);
  const manage = `/engagement/${encodeURIComponent(token)}`;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const onError = (error: unknown) =>
      setProblem(error instanceof ApiError && error.hasResponse ? error.message : 'Le paiement n’a pas pu démarrer. Veuillez réessayer.');
    if (byPhone) payLatestDueByPhone(token).then(({ id }) => setPushId(id), onError);
    else payLatestDue(token).then(({ checkout_url }) => window.location.assign(checkout_url), onError);
  }, [token, byPhone]);
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      {/* A personal link: never indexed. */}
      <meta name="robots" content="noindex" />
      <PageTitle title="Verser mon don">Verser mon don</PageTitle>
      {pushId && !problem ? (
        <PushWaiting id={pushId} againLabel="Retour à mon engagement" onDone={() => window.location.assign(manage)} />
      ) : (
        <div className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
          {problem ? (
            <p role="alert" className="text-slate-800">
              {problem}
            </p>
          ) : (
            <Spinner label={byPhone ? 'Envoi de la demande sur votre téléphone…' : 'Ouverture du paiement…'} />
          )}
          <Link to={manage} className="font-semibold text-emerald-900 underline">
            Gérer mon engagement
          </Link>
        </div>
      )}
    </section>
  );
}
