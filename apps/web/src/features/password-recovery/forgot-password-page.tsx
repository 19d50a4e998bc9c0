import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@web/lib/router';
import { PageTitle } from '@web/components/ui/page-title';
import { notify } from '@web/lib/notify';
import { RequestCodeForm } from './request-code-form';
import { ResetPasswordForm } from './reset-password-form';

// /mot-de-passe-oublie (docs/product/recovery.md): ask for a code, then the code and a new password.
// The second step survives a reload or a return from the SMS app: the step and the telephone (never the code) are kept
// in sessionStorage for the tab.
const STEP_KEY = 'recovery.step';
type Sent = { telephone: string; message: string };

function readStep(): Sent | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STEP_KEY) ?? 'null') as Partial<Sent> | null;
    if (stored && typeof stored.telephone === 'string' && typeof stored.message === 'string')
      return { telephone: stored.telephone, message: stored.message };
  } catch {
    // A damaged entry is treated as absent.
  }
  return null;
}

function keepStep(value: Sent | null): void {
  try {
    if (value) sessionStorage.setItem(STEP_KEY, JSON.stringify(value));
    else sessionStorage.removeItem(STEP_KEY);
  } catch {
    // Storage refused (private mode): the page still works, without surviving a reload.
  }
}

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  // Read after the first render: the page may be hydrated from prerendered HTML, which has no step.
  const [sent, setSentState] = useState<Sent | null>(null);
  useEffect(() => {
    const stored = readStep();
    if (stored) setSentState(stored);
  }, []);
  const setSent = (value: Sent | null) => {
    keepStep(value);
    setSentState(value);
  };

  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <PageTitle title="Mot de passe oublié">Mot de passe oublié</PageTitle>
      {sent ? (
        <>
          <p role="status" className="mb-4 rounded-md bg-emerald-50 p-3 text-emerald-900">
            {sent.message}
          </p>
          <ResetPasswordForm
            telephone={sent.telephone}
            onRestart={() => setSent(null)}
            onDone={(message) => {
              keepStep(null);
              notify.success(message);
              navigate('/connexion', { replace: true });
            }}
          />
        </>
      ) : (
        <RequestCodeForm onSent={(telephone, message) => setSent({ telephone, message })} />
      )}
      <p className="mt-6 text-center">
        <Link to="/connexion" className="text-emerald-900 underline underline-offset-2 hover:text-emerald-700">
          Retour à la connexion
        </Link>
      </p>
    </section>
  );
}
