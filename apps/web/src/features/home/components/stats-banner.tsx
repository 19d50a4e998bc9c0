import { HOME_STATS } from '@shared/constants';
import { formatNumber } from '@shared/format';
import { Link } from '@web/lib/router';

/** Fixed figures (docs/product/screens.md): part of the page, never fetched. */
export function StatsBanner() {
  return (
    <section aria-labelledby="stats-title" className="bg-emerald-900 px-4 py-12 text-white">
      <h2 id="stats-title" className="sr-only">
        Nos chiffres clés
      </h2>
      <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-6 text-center lg:grid-cols-4">
        {HOME_STATS.map((stat) => (
          <li key={stat.label} className="flex flex-col">
            <span className="text-3xl font-extrabold text-amber-300 sm:text-4xl">{formatNumber(stat.value)}</span>{' '}
            <span className="text-emerald-50">{stat.label}</span>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center">
        <Link to="/transparence" className="font-semibold text-amber-200 underline underline-offset-4 hover:text-white">
          Voir ce que les dons ont financé
        </Link>
      </p>
    </section>
  );
}
