import { formatTelephone } from '@shared/phone';
import type { ProfileAdviser } from '@shared/schemas/profile';
import { useQuery } from '@tanstack/react-query';
import { MapPin, Phone } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from '@web/lib/router';
import { useProfile } from '@web/components/account/use-profile';
import { ZoneProviders } from '@web/components/providers/zone-providers';
import { PageTitle } from '@web/components/ui/page-title';
import { api } from '@web/lib/api-client';

const button = 'inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-3 font-semibold';

/**
 * /consommateur: the consumer's home (issue #33 item 8). Their adviser first, with a telephone one tap away, then the
 * providers of their commune (then of their department); « Merci… » only right after the questionnaire, and the
 * page always opens at its top so the adviser's name is the first thing seen.
 */
export default function ConsumerPage() {
  const fromQuestionnaire = Boolean((useLocation().state as { fromQuestionnaire?: boolean } | null)?.fromQuestionnaire);
  useEffect(() => {
    // Also after the first paint: the questionnaire's scroll position would otherwise be restored over it. Instant:
    // styles.css makes scrolling smooth, and a smooth scroll would still be on its way up when the page shows.
    const toTop = () => window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    toTop();
    const frame = requestAnimationFrame(toTop);
    return () => cancelAnimationFrame(frame);
  }, []);
  const adviser = useQuery({ queryKey: ['profile', 'adviser'], queryFn: () => api.get<ProfileAdviser>('/profile/adviser') }).data?.adviser;
  const zone = useProfile().data?.zone?.trim() || null;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 text-center md:py-12">
      <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
        <MapPin aria-hidden size={28} />
      </div>
      <PageTitle title="Contactez votre conseiller">Contactez votre conseiller</PageTitle>
      {fromQuestionnaire ? <p className="mb-4 text-lg text-slate-800">Merci, vos réponses ont bien été enregistrées.</p> : null}
      {adviser ? (
        <div className="mx-auto mb-8 max-w-md rounded-lg bg-white p-5 text-left shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-700">{adviser.role === 'association' ? 'Contactez l’association' : 'Votre conseiller'}</p>
          <p className="mb-3 text-xl font-bold text-emerald-950">{adviser.name}</p>
          <a href={`tel:${adviser.telephone}`} className={`${button} w-full bg-emerald-800 text-white hover:bg-emerald-900`}>
            <Phone aria-hidden size={18} />
            Appeler le {formatTelephone(adviser.telephone)}
          </a>
          <p className="mt-3 text-sm text-slate-700">
            {adviser.role === 'association'
              ? 'Elle vous mettra en relation avec le conseiller de votre zone, qui vous présentera les prestataires et les réductions dont vous pouvez bénéficier.'
              : 'Il vous présentera les prestataires de votre zone et les réductions dont vous pouvez bénéficier.'}
          </p>
        </div>
      ) : (
        <p className="mb-8 text-slate-700">
          Veuillez contacter le conseiller le plus proche de votre zone&nbsp;: il vous présentera les prestataires de votre zone et les
          réductions dont vous pouvez bénéficier.
        </p>
      )}
      <ZoneProviders
        zone={zone}
        queryScope="consumer"
        titleId="providers-title"
        className="mb-8 text-left"
        intro={
          zone
            ? `Ceux de votre commune d’abord (${zone}), puis ceux de votre département.`
            : 'Votre zone n’est pas renseignée\u00a0: votre conseiller peut l’ajouter.'
        }
      />
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
