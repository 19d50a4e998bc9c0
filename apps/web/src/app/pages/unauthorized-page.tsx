import { Link } from '@web/lib/router';
import { PageTitle } from '@web/components/ui/page-title';

export default function UnauthorizedPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <PageTitle title="Accès non autorisé">Accès non autorisé</PageTitle>
      <p className="mb-8 text-slate-700">Vous n'avez pas les droits nécessaires pour consulter cette page.</p>
      <Link to="/" className="rounded-md bg-emerald-800 px-5 py-3 font-semibold text-white hover:bg-emerald-900">
        Retour à l'accueil
      </Link>
    </section>
  );
}
