import { Picture } from '@web/components/ui/picture';
import { Link } from '@web/lib/router';

/** "Une mission associative" (docs/product/screens.md). */
export function MissionSection() {
  return (
    <section aria-labelledby="mission-title" className="px-4 py-14">
      <div className="mx-auto grid max-w-6xl items-center gap-8 md:grid-cols-2">
        <div>
          <h2 id="mission-title" className="mb-4 text-3xl font-bold text-emerald-950">
            Une mission associative
          </h2>
          <p className="mb-4 text-lg text-slate-700">
            Notre association réunit consommateurs, prestataires, membres, sympathisants et conseillers autour d'un même but&nbsp;:
            permettre à chacun de satisfaire ses besoins essentiels — se nourrir, se soigner, apprendre, se vêtir, se loger, se déplacer et
            vivre en sécurité.
          </p>
          <p className="mb-6 text-slate-700">
            Nous agissons au plus près des familles béninoises, avec des partenaires locaux de confiance, et nous mesurons nos actions grâce
            à des questionnaires de terrain pour améliorer durablement les conditions de vie.
          </p>
          <Link to="/about" className="inline-block rounded-md bg-emerald-800 px-5 py-3 font-semibold text-white hover:bg-emerald-900">
            En savoir plus sur notre mission
          </Link>
        </div>
        <Picture
          src="/images/mission"
          widths={[400, 800]}
          sizes="(min-width: 768px) 50vw, 100vw"
          width={800}
          height={600}
          alt="Illustration : un bouclier protecteur sous un baobab, entouré d'habitants, symbole de la solidarité."
          className="h-auto w-full rounded-2xl"
        />
      </div>
    </section>
  );
}
