import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from '@web/lib/router';
import { PageTitle } from '@web/components/ui/page-title';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { payLatestDue } from './api';

/**
 * /engagement/{token}/payer, the link of a due's SMS: opens the provider's checkout for the due at once, pre-filled
 * with the pledge's amount and the donor's details. Nothing to pay (already paid, paused, stopped): says so.
 */
export default function PledgePayPage() {
  const token = useParams().token ?? '';
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    payLatestDue(token)
      .then(({ checkout_url }) => window.location.assign(checkout_url))
      .catch((error) =>
        setProblem(error instanceof ApiError && error.hasResponse ? error.message : 'Le paiement n’a pas pu démarrer. Veuillez réessayer.'),
      );
  }, [token]);
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      {/* A personal link: never indexed. */}
      <meta name="robots" content="noindex" />
      <PageTitle title="Verser mon don">Verser mon don</PageTitle>
      <div className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        {problem ? (
          <p role="alert" className="text-slate-800">
            {problem}
          </p>
        ) : (
          <Spinner label="Ouverture du paiement..." />
        )}
        <Link to={`/engagement/${encodeURIComponent(token)}`} className="font-semibold text-emerald-900 underline">
          Gérer mon engagement
        </Link>
      </div>
    </section>
  );
}
