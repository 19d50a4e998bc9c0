import type { ProfileAdviser } from '@shared/schemas/profile';
import { useQuery } from '@tanstack/react-query';
import { MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { PageTitle } from '@web/components/ui/page-title';
import { api } from '@web/lib/api-client';

const button = 'inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-3 font-semibold';

/**
 * /consommateur: after the questionnaire, the consumer is told to contact their adviser (spec §1, §2),
 * named here with a telephone one tap away (issue 18), then goes on to their space.
 */
export default function ConsumerPage() {
  const adviser = useQuery({ queryKey: ['profile', 'adviser'], queryFn: () => api.get<ProfileAdviser>('/profile/adviser') }).data?.adviser;
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 text-center md:py-16">
      <div className="mx-auto mb-6 flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
        <MapPin aria-hidden size={32} />
      </div>
      <PageTitle title="Contactez votre conseiller">Contactez votre conseiller</PageTitle>
      <p className="mb-4 text-lg text-slate-800">Merci, vos réponses ont bien été enregistrées.</p>
      {adviser ? (
        <div className="mx-auto mb-8 max-w-md rounded-lg bg-white p-5 text-left shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-700">Votre conseiller</p>
          <p className="mb-3 text-xl font-bold text-emerald-950">{adviser.name}</p>
          <a href={`tel:${adviser.telephone}`} className={`${button} w-full bg-emerald-800 text-white hover:bg-emerald-900`}>
            <Phone aria-hidden size={18} />
            Appeler le {adviser.telephone}
          </a>
          <p className="mt-3 text-sm text-slate-700">
            Il vous présentera les prestataires de votre zone et les réductions dont vous pouvez bénéficier.
          </p>
        </div>
      ) : (
        <p className="mb-8 text-slate-700">
          Veuillez contacter le conseiller le plus proche de votre zone&nbsp;: il vous présentera les prestataires de votre zone et les
          réductions dont vous pouvez bénéficier.
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/espace-membre" className={`${button} bg-emerald-800 text-white hover:bg-emerald-900`}>
          Mon espace
        </Link>
        <Link to="/" className={`${button} text-emerald-900 ring-1 ring-emerald-800 hover:bg-emerald-50`}>
          Retour à l'accueil
        </Link>
      </div>
    </section>
  );
}
