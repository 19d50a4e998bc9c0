import { Picture } from '@web/components/ui/picture';
import { PROBLEMATIQUES } from '../data/problematiques';

/** "Problématiques" (docs/product/screens.md): eight issues with image, title and description. */
export function ProblematiquesGrid() {
  return (
    <section aria-labelledby="problematiques-title" className="bg-orange-50 px-4 py-14">
      <h2 id="problematiques-title" className="mb-8 text-center text-3xl font-bold text-emerald-950">
        Problématiques
      </h2>
      <ul className="mx-auto grid max-w-6xl gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {PROBLEMATIQUES.map((item) => (
          <li key={item.image} className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-orange-200">
            <Picture
              src={`/images/problematiques/${item.image}`}
              widths={[400, 800]}
              sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
              width={800}
              height={600}
              alt={item.alt}
              className="aspect-[4/3] h-auto w-full object-cover"
            />
            <div className="p-4">
              <h3 className="mb-2 text-lg font-bold text-emerald-950">{item.title}</h3>
              <p className="text-slate-700">{item.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
