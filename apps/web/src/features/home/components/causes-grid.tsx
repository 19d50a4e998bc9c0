import { CAUSES, HOME_CAUSE_IDS } from '@shared/causes';
import { Picture } from '@web/components/ui/picture';
import { cn } from '@web/lib/cn';
import { Link } from '@web/lib/router';

const HOME_CAUSES = CAUSES.filter((c) => HOME_CAUSE_IDS.includes(c.id));

/** "Nos Causes" (docs/product/screens.md): seven cards laid out as a row of 4 then a row of 3. */
export function CausesGrid() {
  return (
    <section aria-labelledby="causes-title" className="bg-orange-50 px-4 py-14">
      <h2 id="causes-title" className="mb-8 text-center text-3xl font-bold text-emerald-950">
        Nos Causes
      </h2>
      <ul className="mx-auto grid max-w-6xl gap-5 sm:grid-cols-2 lg:grid-cols-12">
        {HOME_CAUSES.map((cause, i) => (
          <li key={cause.id} className={cn('lg:col-span-3', i >= 4 && 'lg:col-span-4')}>
            <Link
              to={`/causes/${cause.id}`}
              className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-orange-200 transition hover:shadow-md hover:ring-emerald-700"
            >
              <Picture
                src={`/images/causes/${cause.image}`}
                widths={[400, 800]}
                sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
                width={800}
                height={600}
                alt={cause.imageAlt}
                className="aspect-[4/3] h-auto w-full object-cover"
              />
              <span className="flex flex-1 flex-col gap-2 p-4">
                <span className="text-lg font-bold text-emerald-950">{cause.title}</span>
                <span className="text-slate-700">{cause.summary}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
