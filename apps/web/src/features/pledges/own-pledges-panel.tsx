import type { PledgeView } from '@shared/schemas/pledges';
import { Spinner } from '@web/components/ui/spinner';
import { useChangeOwnPledge, useOwnPledges } from './api';
import { PledgeDetails } from './pledge-details';

function OwnPledge({ pledge }: { pledge: PledgeView }) {
  const change = useChangeOwnPledge(pledge.id);
  return (
    <li className="py-4">
      <PledgeDetails pledge={pledge} onChange={(c) => change.mutateAsync(c)} isPending={change.isPending} />
    </li>
  );
}

/** « Mes dons réguliers » in the member space: the signed-in donor's pledges, managed there without a link. */
export function OwnPledgesPanel() {
  const query = useOwnPledges();
  if (query.isSuccess && query.data.length === 0) return null;
  return (
    <section aria-labelledby="own-pledges-title" className="max-w-2xl rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="own-pledges-title" className="mb-2 text-xl font-bold text-emerald-950">
        Mes dons réguliers
      </h2>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p role="alert" className="text-red-800">
          Erreur lors de la récupération de vos engagements.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {query.data.map((p) => (
            <OwnPledge key={p.id} pledge={p} />
          ))}
        </ul>
      )}
    </section>
  );
}
