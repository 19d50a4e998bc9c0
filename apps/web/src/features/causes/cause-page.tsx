import { donationPathForCause, findCause, purposeForCause } from '@shared/causes';
import { CauseProgressBar } from '@web/components/ui/cause-progress';
import { PageTitle } from '@web/components/ui/page-title';
import { Picture } from '@web/components/ui/picture';
import { Link, useParams } from '@web/lib/router';

/** /causes/{causeId} (docs/product/public-site.md "Causes"): the cause from the built-in list, or "Cause non trouvée.". */
export default function CausePage() {
  const { causeId = '' } = useParams();
  const cause = findCause(causeId);
  if (!cause) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-16 text-center">
        <PageTitle title="Cause non trouvée">Cause non trouvée.</PageTitle>
        <Link to="/" className="rounded-md bg-emerald-800 px-5 py-3 font-semibold text-white hover:bg-emerald-900">
          Retour à l'accueil
        </Link>
      </section>
    );
  }
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <PageTitle title={cause.title}>{cause.title}</PageTitle>
      <Picture
        src={`/images/causes/${cause.image}`}
        widths={[400, 800]}
        sizes="(min-width: 896px) 864px, calc(100vw - 2rem)"
        width={800}
        height={600}
        alt={cause.imageAlt}
        isPriority
        className="mb-8 aspect-[4/3] h-auto w-full rounded-2xl object-cover"
      />
      <p className="mb-6 text-xl font-semibold text-emerald-900">{cause.summary}</p>
      <div className="space-y-4 text-lg text-slate-800">
        {cause.text.split('\n\n').map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <div className="mt-10">
        <CauseProgressBar purpose={purposeForCause(cause.id)} />
      </div>
      {/* The cause is carried to the form (issue 18): a donor who chose food does not fund health by mistake. */}
      <Link
        to={donationPathForCause(cause.id)}
        className="mt-6 inline-block rounded-md bg-orange-700 px-6 py-3 text-lg font-semibold text-white hover:bg-orange-800"
      >
        Faire un don
      </Link>
      <p className="mt-4">
        <Link to={`/transparence#${purposeForCause(cause.id)}`} className="font-semibold text-emerald-800 underline underline-offset-4">
          Voir ce que les dons ont financé
        </Link>
      </p>
    </article>
  );
}
