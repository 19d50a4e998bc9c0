import type { MessageResponse } from '@shared/schemas/api-common';
import { CONSENT_PURPOSES, CONSENT_WORDINGS, type ConsentPurpose } from '@shared/schemas/privacy';
import { TelephoneField } from '@web/components/forms/telephone-field';
import { Button } from '@web/components/ui/button';
import { SelectField, TextField } from '@web/components/ui/field';
import { PageTitle } from '@web/components/ui/page-title';
import { ApiError, api } from '@web/lib/api-client';
import { useState } from 'react';
import { Link, useSearchParams } from '@web/lib/router';

// /consentement?jeton=…: the withdraw link every newsletter and SMS news carries. One button withdraws the consent the
// link names; the link itself proves the address, no code is needed. Without a link (or with a broken one) the page
// works from a telephone (or an e-mail) and the code sent to it: give or withdraw any consent, for that address only.

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
      <PageTitle title={purpose ? 'Retirer mon consentement' : 'Mes consentements'}>
        {purpose ? 'Retirer mon consentement' : 'Mes consentements'}
      </PageTitle>
      {!purpose ? (
        <>
          {token ? (
            <p role="alert" className="mb-4 text-red-800">
              Ce lien de retrait n’est pas valide.
            </p>
          ) : null}
          <ConsentByCode />
        </>
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

const PURPOSE_OPTIONS = CONSENT_PURPOSES.map((p) => ({ value: p, label: CONSENT_WORDINGS[p].label }));
const CHOICE_OPTIONS = [
  { value: 'retirer', label: 'Retirer mon accord' },
  { value: 'donner', label: 'Donner mon accord' },
];

/** Without a message's link: the choice, the telephone (or e-mail), then the code sent to it. */
function ConsentByCode() {
  const [purpose, setPurpose] = useState<ConsentPurpose>('sms_news');
  const [choice, setChoice] = useState('retirer');
  const [telephone, setTelephone] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const body = {
        purpose,
        given: choice === 'donner',
        ...(telephone.trim() ? { telephone } : {}),
        ...(email.trim() ? { email } : {}),
        ...(sent ? { code } : {}),
      };
      const res = await api.post<MessageResponse>('/consents', body, { token: null });
      if (sent) setDone(res.message);
      else setSent(res.message);
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
      } else setErrors({ form: error instanceof ApiError ? error.message : 'Une erreur est survenue. Veuillez réessayer.' });
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <div className="space-y-3">
        <p role="status" className="font-medium text-emerald-900">
          {done}
        </p>
        <NextSteps />
      </div>
    );
  return (
    <form onSubmit={submit} className="space-y-4 rounded-lg bg-white p-6 ring-1 ring-slate-200" aria-label="Mon consentement">
      <p>
        Les messages de l’association portent un lien qui retire votre accord en un geste. Sans ce lien, choisissez ici ce que vous acceptez
        ou refusez : un code vous est envoyé pour confirmer que le numéro est le vôtre.
      </p>
      <SelectField
        label="Traitement"
        options={PURPOSE_OPTIONS}
        value={purpose}
        disabled={Boolean(sent)}
        error={errors.purpose}
        onChange={(e) => setPurpose(e.target.value as ConsentPurpose)}
      />
      <SelectField
        label="Mon choix"
        options={CHOICE_OPTIONS}
        value={choice}
        disabled={Boolean(sent)}
        onChange={(e) => setChoice(e.target.value)}
      />
      <TelephoneField
        hint="Le code est envoyé par SMS à ce numéro ; le choix ne vaut que pour lui."
        value={telephone}
        disabled={Boolean(sent)}
        error={errors.telephone}
        onChange={(e) => setTelephone(e.target.value)}
      />
      {!telephone.trim() ? (
        <TextField
          label="Ou mon e-mail (sans numéro)"
          type="email"
          autoComplete="email"
          value={email}
          disabled={Boolean(sent)}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
      ) : null}
      {sent ? (
        <>
          <p role="status" className="text-emerald-900">
            {sent}
          </p>
          <TextField
            label="Code reçu"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            error={errors.code}
            onChange={(e) => setCode(e.target.value)}
          />
        </>
      ) : null}
      {errors.form ? (
        <p role="alert" className="text-red-800">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" isLoading={busy} loadingText="En cours...">
        {sent ? 'Confirmer' : 'Recevoir un code'}
      </Button>
      <NextSteps />
    </form>
  );
}

/** Where to go from here: every choice at once in « Mon espace » (sign-in by SMS code, no password needed). */
function NextSteps() {
  return (
    <p className="text-sm text-slate-700">
      Pour voir et changer tous vos choix (SMS, WhatsApp, lettre d’information), ouvrez{' '}
      <Link className="text-emerald-800 underline" to="/connexion">
        Mon espace
      </Link>{' '}
      avec un code reçu par SMS, ou revenez à{' '}
      <Link className="text-emerald-800 underline" to="/">
        l’accueil
      </Link>
      .
    </p>
  );
}
