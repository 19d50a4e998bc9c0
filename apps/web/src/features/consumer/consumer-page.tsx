import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { PageTitle } from '@web/components/ui/page-title';

/** /consommateur: after the questionnaire, the consumer is told to contact the adviser near their zone (spec §1, §2). */
export default function ConsumerPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 text-center md:py-16">
      <div className="mx-auto mb-6 flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
        <MapPin aria-hidden size={32} />
      </div>
      <PageTitle title="Contactez votre conseiller">Contactez votre conseiller</PageTitle>
      <p className="mb-4 text-lg text-slate-800">Merci, vos réponses ont bien été enregistrées.</p>
      <p className="mb-8 text-slate-700">
        Veuillez contacter le conseiller le plus proche de votre zone&nbsp;: il vous présentera les prestataires de votre zone et les réductions
        dont vous pouvez bénéficier.
      </p>
      <Link
        to="/"
        className="inline-flex min-h-11 items-center rounded-md bg-emerald-800 px-5 py-3 font-semibold text-white hover:bg-emerald-900"
      >
        Retour à l'accueil
      </Link>
    </section>
  );
}
