import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '@web/components/ui/page-title';
import { notify } from '@web/lib/notify';
import { RequestCodeForm } from './request-code-form';
import { ResetPasswordForm } from './reset-password-form';

// /mot-de-passe-oublie (CONTRACT.md "Account recovery"): ask for a code, then the code and a new password.
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [sent, setSent] = useState<{ telephone: string; message: string } | null>(null);

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
