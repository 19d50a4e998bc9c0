import { formatTelephone } from '@shared/phone';
import { PROVIDER_MESSAGES } from '@shared/schemas/provider';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@web/lib/router';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { useOwnProvider } from './api/provider';
import { ProviderEditForm } from './provider-edit-form';

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 rounded-md bg-slate-50 px-3 py-2 text-slate-900 ring-1 ring-slate-200">{value || '—'}</dd>
    </div>
  );
}

/** "Informations prestataire": read-only, then Modifier → edit form; Annuler or a save returns here (docs/product/states.md). */
export function ProviderInfoPanel() {
  const query = useOwnProvider();
  const [isEditing, setEditing] = useState(false);

  if (query.isPending) return <Spinner />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <p className="mb-4 text-slate-800">{query.error.message}</p>
          <Link
            to="/information"
            className="inline-flex min-h-11 items-center rounded-md bg-emerald-800 px-4 py-2 font-semibold text-white hover:bg-emerald-900"
          >
            Renseigner mes informations
          </Link>
        </div>
      );
    }
    return (
      <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
        {PROVIDER_MESSAGES.loadFailed}
      </p>
    );
  }
  const p = query.data;
  return (
    <section aria-labelledby="provider-info-title" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h2 id="provider-info-title" className="text-xl font-bold text-emerald-950">
          Informations prestataire
        </h2>
        {isEditing ? null : (
          <Button onClick={() => setEditing(true)}>
            <Pencil aria-hidden size={16} />
            Modifier
          </Button>
        )}
      </div>
      {isEditing ? (
        <ProviderEditForm provider={p} onDone={() => setEditing(false)} />
      ) : (
        <dl className="grid gap-4 sm:grid-cols-2">
          <ReadOnly label="Entreprise" value={p.entreprise} />
          <ReadOnly label="Forme juridique" value={p.forme_juridique} />
          <ReadOnly label="RCCM" value={p.rccm} />
          <ReadOnly label="Email" value={p.email} />
          <ReadOnly label="Téléphone" value={formatTelephone(p.telephone)} />
          <ReadOnly label="Adresse" value={p.adresse} />
          <ReadOnly label="Domaines" value={p.domaines.map((d) => (p.reductions[d] ? `${d} (−${p.reductions[d]} %)` : d)).join(', ')} />
          <ReadOnly label="Zone" value={p.zone} />
        </dl>
      )}
    </section>
  );
}
