import { Link } from '@web/lib/router';
import { PageTitle } from '@web/components/ui/page-title';

export default function NotFoundPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <PageTitle title="Page Non Trouvée">Page Non Trouvée</PageTitle>
      <p className="mb-8 text-slate-700">La page que vous cherchez n'existe pas ou a été déplacée.</p>
      <Link to="/" className="rounded-md bg-emerald-800 px-5 py-3 font-semibold text-white hover:bg-emerald-900">
        Retour à l'accueil
      </Link>
    </section>
  );
}
