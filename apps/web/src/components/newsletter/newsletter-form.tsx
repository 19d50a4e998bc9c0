import { MESSAGES } from '@shared/messages';
import type { MessageResponse } from '@shared/schemas/api-common';
import { Button } from '@web/components/ui/button';
import { CONSENT_WORDINGS } from '@shared/consent-wordings';
import { api } from '@web/lib/api-client';
import { Link } from '@web/lib/router';
import { type FormEvent, useId, useState } from 'react';

// The newsletter block of the home page (docs/product/screens.md, docs/product/states.md). Validation is the browser's own (type email,
// required): no form library or schema here, so the home page stays light. The field is uncontrolled: on the
// prerendered page an address typed before React has hydrated stays in the field and is the one sent.
type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

export function NewsletterForm() {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const inputId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '');
    // The explicit, unticked choice (docs/product/personal-data.md — Consent); the browser requires it before sending.
    const consents = { newsletter: data.get('consent') === 'on' };
    setStatus({ kind: 'sending' });
    try {
      const res = await api.post<MessageResponse>('/subscribe', { email, consents }, { token: null });
      form.reset();
      setStatus({ kind: 'done', message: res.message });
    } catch {
      setStatus({ kind: 'error', message: MESSAGES.genericRetry });
    }
  }

  return (
    <section aria-labelledby="newsletter-title" className="bg-emerald-50 px-4 py-12">
      <div className="mx-auto max-w-xl text-center">
        <h2 id="newsletter-title" className="text-2xl font-bold text-emerald-950">
          Abonnez-vous à la Newsletter
        </h2>
        <p className="mt-2 text-slate-700">Recevez nos actualités, nos actions et les besoins du moment.</p>
        <form onSubmit={onSubmit} className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap" aria-describedby={`${inputId}-status`}>
          <label htmlFor={inputId} className="sr-only">
            Adresse email
          </label>
          <input
            id={inputId}
            type="email"
            name="email"
            required
            autoComplete="email"
            placeholder="Votre adresse email"
            className="min-h-11 flex-1 rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-700"
          />
          <Button type="submit" isLoading={status.kind === 'sending'} loadingText="Envoi…">
            S'abonner
          </Button>
          <label className="flex items-start gap-2 text-left text-sm text-slate-700 sm:basis-full">
            <input type="checkbox" name="consent" required className="mt-0.5 h-5 w-5 shrink-0 accent-emerald-700" />
            <span>
              {CONSENT_WORDINGS.newsletter.text}{' '}
              <Link to="/confidentialite" className="text-emerald-800 underline">
                Vos données
              </Link>
            </span>
          </label>
        </form>
        <div id={`${inputId}-status`} className="mt-3 min-h-6">
          {status.kind === 'done' ? (
            <p role="status" className="font-medium text-emerald-800">
              {status.message}
            </p>
          ) : null}
          {status.kind === 'error' ? (
            <p role="alert" className="font-medium text-red-700">
              {status.message}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
