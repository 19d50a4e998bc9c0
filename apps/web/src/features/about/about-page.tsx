import { ORGANISATION } from '@shared/constants';
import { PageTitle } from '@web/components/ui/page-title';
import { Picture } from '@web/components/ui/picture';
import { useOrganisation } from '@web/components/layout/use-organisation';

/** /about (docs/product/screens.md): mission, vision and the founder credit. */
export default function AboutPage() {
  const org = useOrganisation();
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <PageTitle title="À propos de nous">À propos de nous</PageTitle>
      <p className="mb-8 text-lg text-slate-800">
        {org.name} ({ORGANISATION.shortName}) est une association béninoise basée à {ORGANISATION.city}. Elle unit consommateurs,
        prestataires, membres, sympathisants et conseillers sur une même plateforme pour répondre aux besoins essentiels de la population.
      </p>
      <Picture
        src="/images/mission"
        widths={[400, 800]}
        sizes="(min-width: 896px) 864px, calc(100vw - 2rem)"
        width={800}
        height={600}
        alt="Illustration : un bouclier protecteur sous un baobab, entouré d'habitants, symbole de la solidarité."
        isPriority
        className="mb-10 aspect-[4/3] h-auto w-full rounded-2xl object-cover"
      />
      <section aria-labelledby="about-mission" className="mb-10">
        <h2 id="about-mission" className="mb-3 text-2xl font-bold text-emerald-950">
          Notre mission
        </h2>
        <p className="mb-3 text-lg text-slate-800">
          Notre mission est de répondre aux besoins essentiels de chacun&nbsp;: l'alimentation, les soins de santé, l'éducation, le
          financement communautaire, l'habillement, le transport, le logement, la sécurité, la protection juridique et l'énergie.
        </p>
        <p className="text-lg text-slate-800">
          Pour y parvenir, nous mettons en relation les familles avec des prestataires et des conseillers de confiance, et nous menons des
          questionnaires de terrain afin de comprendre les besoins réels et d'améliorer durablement les conditions de vie.
        </p>
      </section>
      <section aria-labelledby="about-vision" className="mb-10">
        <h2 id="about-vision" className="mb-3 text-2xl font-bold text-emerald-950">
          Notre vision
        </h2>
        <p className="text-lg text-slate-800">
          Nous rêvons d'un Bénin où personne ne manque de l'essentiel&nbsp;: où chaque enfant mange à sa faim et va à l'école, où chaque
          malade est soigné, où chaque famille vit sous un toit sûr, éclairé par une énergie propre, et où chacun connaît et peut défendre
          ses droits. Une société solidaire, où l'entraide entre voisins est la première des richesses.
        </p>
      </section>
      <section aria-labelledby="about-founder" className="rounded-2xl bg-amber-50 p-6">
        <h2 id="about-founder" className="mb-3 text-2xl font-bold text-emerald-950">
          Notre fondateur
        </h2>
        <p className="text-lg text-slate-800">
          L'association a été fondée par un groupe de citoyens béninois engagés, convaincus que la solidarité de proximité peut changer des
          vies. Ce site et sa plateforme ont été imaginés et réalisés sous la direction de son fondateur
          {org.founder ? <strong>, {org.founder}</strong> : null}.
        </p>
      </section>
    </article>
  );
}
