import { formatTelephone } from '@shared/phone';
import type { ZoneProvider } from '@shared/schemas/provider';

/** Providers as cards: company, domains with their discounts, zone, telephone and e-mail one tap away. */
export function ProviderCards({ providers, label }: { providers: readonly ZoneProvider[]; label: string }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={label}>
      {providers.map((p) => (
        <li key={p.id} className="min-w-0 rounded-lg bg-white p-4 text-left ring-1 ring-slate-200">
          <h3 className="font-semibold [overflow-wrap:anywhere] text-slate-900">{p.entreprise}</h3>
          <p className="text-sm text-slate-700">
            <span className="font-medium">Domaines : </span>
            {p.domaines.map((d) => (p.reductions[d] ? `${d} (−${p.reductions[d]} %)` : d)).join(', ')}
          </p>
          <p className="text-sm text-slate-700">
            <span className="font-medium">Zone : </span>
            {p.zone}
          </p>
          {/* Links at least 24 px tall (WCAG 2.2 target size): a thumb on a phone finds them. */}
          <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <a className="inline-flex min-h-6 items-center text-emerald-800 underline" href={`tel:${p.telephone}`}>
              {formatTelephone(p.telephone)}
            </a>
            {p.email ? (
              <a
                className="inline-flex min-h-6 items-center [overflow-wrap:anywhere] text-emerald-800 underline"
                href={`mailto:${p.email}`}
              >
                {p.email}
              </a>
            ) : null}
          </p>
        </li>
      ))}
    </ul>
  );
}
