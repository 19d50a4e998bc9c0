import { FileText, Gift, Quote, Users } from 'lucide-react';
import { Link } from '@web/lib/router';
import { ACTION_CARDS } from '../data/action-cards';

const ICONS = { quote: Quote, gift: Gift, users: Users, file: FileText } as const;

/** Four action cards (docs/product/screens.md). */
export function ActionCards() {
  return (
    <section aria-labelledby="actions-title" className="bg-amber-50 px-4 py-12">
      <h2 id="actions-title" className="sr-only">
        Agir avec nous
      </h2>
      <ul className="mx-auto grid max-w-6xl gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {ACTION_CARDS.map((card) => {
          const Icon = ICONS[card.icon];
          return (
            <li key={card.to}>
              <Link
                to={card.to}
                className="flex h-full flex-col gap-3 rounded-xl border border-amber-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-emerald-700 hover:shadow-md"
              >
                <Icon aria-hidden="true" className="text-orange-700" size={32} />
                <span className="text-lg font-bold text-emerald-950">{card.title}</span>
                <span className="text-slate-700">{card.text}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
