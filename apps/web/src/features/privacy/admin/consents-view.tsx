import { formatDate } from '@shared/format';
import { CONSENT_WORDINGS, type ConsentRow } from '@shared/schemas/privacy';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, api } from '@web/lib/api-client';
import { useState } from 'react';

// A person's consent history (GET /api/admin/consents?telephone=|email=): every choice given or withdrawn, with the
// wording's version, the channel and the date — the proof the law asks for.

const CHANNEL_LABELS: Record<string, string> = {
  web: 'Formulaire du site',
  lien: 'Lien dans un message',
  espace_membre: 'Espace membre',
  administration: 'Administration',
  legacy: 'Avant l’enregistrement des consentements',
  sms: 'Réponse par SMS',
  whatsapp: 'Réponse par WhatsApp',
};

export function ConsentsView() {
  const [address, setAddress] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const history = useQuery({
    queryKey: ['admin', 'consents', query],
    enabled: query !== null,
    queryFn: () => api.get<ConsentRow[]>('/admin/consents', { query: query!.includes('@') ? { email: query! } : { telephone: query! } }),
  });
  return (
    <section aria-labelledby="consents-title" className="space-y-4">
      <h2 id="consents-title" className="text-2xl font-bold text-emerald-950">
        Consentements
      </h2>
      <form
        className="flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200"
        onSubmit={(e) => {
          e.preventDefault();
          if (address.trim()) setQuery(address.trim());
        }}
      >
        <TextField
          label="Téléphone ou e-mail"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          containerClassName="min-w-0 flex-1"
        />
        <Button type="submit">Rechercher</Button>
      </form>
      {query === null ? null : history.isError ? (
        <p role="alert" className="text-red-800">
          {history.error instanceof ApiError ? history.error.message : 'La recherche a échoué. Veuillez réessayer.'}
        </p>
      ) : !history.data ? (
        <Spinner />
      ) : history.data.length === 0 ? (
        <p className="text-slate-700">Aucun consentement enregistré pour {query}.</p>
      ) : (
        <ol className="space-y-2">
          {history.data.map((c) => (
            <li key={c.id} className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
              <p className="font-semibold">
                {CONSENT_WORDINGS[c.purpose]?.label ?? c.purpose} —{' '}
                <span className={c.given ? 'text-emerald-800' : 'text-red-800'}>{c.given ? 'accordé' : 'retiré'}</span>
              </p>
              <p className="text-sm text-slate-700">
                le {formatDate(c.created_at)} · {CHANNEL_LABELS[c.channel] ?? c.channel} · version {c.wording_version}
                {c.telephone ? ` · ${c.telephone}` : ''}
                {c.email ? ` · ${c.email}` : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
