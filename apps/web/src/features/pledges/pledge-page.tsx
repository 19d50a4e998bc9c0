import { useParams } from '@web/lib/router';
import { PageTitle } from '@web/components/ui/page-title';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { useChangePledgeByToken, usePledgeByToken } from './api';
import { PledgeDetails } from './pledge-details';

/** /engagement/{token}: the donor manages a pledge from the link of an SMS, without an account. */
export default function PledgePage() {
  const token = useParams().token ?? '';
  const query = usePledgeByToken(token);
  const change = useChangePledgeByToken(token);
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      {/* A personal link: never indexed. */}
      <meta name="robots" content="noindex" />
      <PageTitle title="Mon engagement de don">Mon engagement de don</PageTitle>
      <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        {query.isPending ? (
          <Spinner />
        ) : query.isError ? (
          <p role="alert" className="text-red-800">
            {query.error instanceof ApiError && query.error.status === 404
              ? query.error.message
              : 'Erreur lors de la récupération de votre engagement. Veuillez réessayer.'}
          </p>
        ) : (
          <PledgeDetails
            pledge={query.data}
            onChange={(c) => change.mutateAsync(c)}
            isPending={change.isPending}
            payHref={`/engagement/${encodeURIComponent(token)}/payer`}
          />
        )}
      </div>
    </section>
  );
}
