import { REGISTRATION_PAGE_ROLES } from '@shared/constants';
import { Link } from '@web/lib/router';
import { PageTitle } from '@web/components/ui/page-title';
import { RegisterForm } from '@web/components/account/register-form';

/** /inscription: a logged-in creator registers someone (docs/product/screens.md, docs/product/roles.md). The server decides what each creator may create. */
export default function RegisterPage() {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <PageTitle title="Inscription">Inscription</PageTitle>
      <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <RegisterForm roles={REGISTRATION_PAGE_ROLES} submitLabel="S'inscrire" />
        <p className="mt-6 text-center text-slate-700">
          Déjà inscrit ?{' '}
          <Link to="/connexion" className="font-semibold text-emerald-900 underline underline-offset-2 hover:text-emerald-700">
            Connectez-vous
          </Link>
        </p>
      </div>
    </section>
  );
}
