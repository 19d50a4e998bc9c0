import type { MessageResponse } from '@shared/schemas/api-common';
import { CONSENT_PURPOSES, CONSENT_WORDINGS, type ConsentPurpose } from '@shared/schemas/privacy';
import { Button } from '@web/components/ui/button';
import { PageTitle } from '@web/components/ui/page-title';
import { ApiError, api } from '@web/lib/api-client';
import { useState } from 'react';
import { Link, useSearchParams } from '@web/lib/router';

// /consentement?jeton=…: the withdraw link every newsletter and SMS news carries. One button withdraws the consent the
// link names; the link itself proves the address, no code is needed.

function purposeOf(token: string | null): ConsentPurpose | null {
  if (!token) return null;
  try {
    const payload = token.split('.')[0] ?? '';
    const decoded = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const purpose = decoded.slice(0, decoded.indexOf(':')) as ConsentPurpose;
    return CONSENT_PURPOSES.includes(purpose) ? purpose : null;
  } catch {
    return null;
  }
}

export default function ConsentPage() {
  const [params] = useSearchParams();
  const token = params.get('jeton');
  const purpose = purposeOf(token);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const withdraw = async () => {
    if (!purpose || !token) return;
    setBusy(true);
    try {
      const res = await api.post<MessageResponse>('/consents', { purpose, given: false, token }, { token: null });
      setResult({ ok: true, message: res.message });
    } catch (error) {
      setResult({ ok: false, message: error instanceof ApiError ? error.message : 'Une erreur est survenue. Veuillez réessayer.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <PageTitle title="Retirer mon consentement">Retirer mon consentement</PageTitle>
      {!purpose ? (
        <p role="alert" className="text-red-800">
          Ce lien de retrait n’est pas valide.
        </p>
      ) : result ? (
        <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'font-medium text-emerald-900' : 'text-red-800'}>
          {result.message}
        </p>
      ) : (
        <div className="space-y-4 rounded-lg bg-white p-6 ring-1 ring-slate-200">
          <p>
            Vous allez retirer votre accord pour&nbsp;: <strong>{CONSENT_WORDINGS[purpose].label}</strong>.
          </p>
          <Button isLoading={busy} loadingText="En cours..." onClick={withdraw}>
            Retirer mon consentement
          </Button>
        </div>
      )}
      <p className="mt-6">
        <Link className="text-emerald-800 underline" to="/confidentialite">
          En savoir plus sur vos données
        </Link>
      </p>
    </section>
  );
}
