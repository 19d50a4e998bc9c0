import { LIMITS } from '@shared/constants';
import { cn } from '@web/lib/cn';
import { useState } from 'react';
import { Link } from '@web/lib/router';
import { useVolunteers } from '../api/get-volunteers';
import { FallbackImage } from './fallback-image';

const PER_PAGE = LIMITS.volunteersPerPage;

/** "Équipe des Volontaires" (docs/product/screens.md): 4 per page, dot pagination, default picture for a broken photo. */
export function VolunteersSection() {
  const { data } = useVolunteers();
  const volunteers = data ?? [];
  const [page, setPage] = useState(0);
  const pageCount = Math.ceil(volunteers.length / PER_PAGE);
  const current = Math.min(page, Math.max(pageCount - 1, 0));
  const shown = volunteers.slice(current * PER_PAGE, current * PER_PAGE + PER_PAGE);
  return (
    <section aria-labelledby="volunteers-title" className="bg-amber-50 px-4 py-14">
      <h2 id="volunteers-title" className="mb-8 text-center text-3xl font-bold text-emerald-950">
        Équipe des Volontaires
      </h2>
      {/* No confirmed volunteer yet: say so and invite, instead of an empty section (issue #18 §6). */}
      {data && data.length === 0 ? (
        <p className="text-center text-slate-700">
          Nos volontaires seront bientôt présentés ici.{' '}
          <Link to="/volontier" className="inline-block py-1 font-semibold text-emerald-800 underline underline-offset-2">
            Devenir volontaire
          </Link>
        </p>
      ) : null}
      <ul className="mx-auto grid max-w-5xl grid-cols-2 gap-6 md:grid-cols-4">
        {shown.map((v) => (
          <li key={v.id} className="flex flex-col items-center text-center">
            <FallbackImage
              src={v.profile_image_url ?? ''}
              alt={`Photo de ${v.name}`}
              width={128}
              height={128}
              loading="lazy"
              decoding="async"
              className="mb-3 h-32 w-32 rounded-full bg-amber-100 object-cover ring-4 ring-white shadow"
            />
            <p className="font-bold text-emerald-950">{v.name}</p>
            <p className="text-sm text-orange-800">Volontaire</p>
          </li>
        ))}
      </ul>
      {pageCount > 0 ? (
        <nav aria-label="Pages des volontaires" className="mt-8 flex justify-center gap-1">
          {Array.from({ length: pageCount }, (_, i) => (
            <button
              key={i}
              type="button"
              aria-label={`Page ${i + 1}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => setPage(i)}
              className="grid h-8 w-8 place-items-center rounded-full"
            >
              <span className={cn('block h-3 w-3 rounded-full transition', i === current ? 'scale-125 bg-emerald-800' : 'bg-slate-400')} />
            </button>
          ))}
        </nav>
      ) : null}
    </section>
  );
}
