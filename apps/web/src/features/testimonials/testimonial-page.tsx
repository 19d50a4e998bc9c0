import { PageTitle } from '@web/components/ui/page-title';
import { HeartHandshake, Lightbulb, Sprout } from 'lucide-react';
import { TestimonialForm } from './testimonial-form';

const INSPIRATIONS = [
  {
    icon: HeartHandshake,
    title: 'Une main tendue',
    text: 'Un repas partagé, une consultation payée, un loyer soutenu\u00a0: chaque geste compte et change une journée.',
  },
  {
    icon: Sprout,
    title: 'Des projets qui grandissent',
    text: 'Des familles accompagnées hier deviennent aujourd’hui bénévoles et font grandir la solidarité autour d’elles.',
  },
  {
    icon: Lightbulb,
    title: 'Votre histoire inspire',
    text: 'Racontez ce que l’association a changé pour vous\u00a0: votre témoignage peut décider quelqu’un à franchir le pas.',
  },
] as const;

// Testimonial submission and inspiration (docs/product/screens.md route /temoignage).
export default function TestimonialPage() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <PageTitle title="Soumettre un témoignage">Soumettre un témoignage</PageTitle>
      <div className="grid gap-8 md:grid-cols-[3fr_2fr]">
        <TestimonialForm />
        <aside aria-labelledby="inspiration-title" className="flex flex-col gap-4">
          <h2 id="inspiration-title" className="text-xl font-bold text-emerald-950">
            Inspiration
          </h2>
          <p className="text-slate-700">
            Vos mots encouragent celles et ceux qui hésitent encore à donner, à s’engager ou à demander de l’aide.
          </p>
          <ul className="flex flex-col gap-4">
            {INSPIRATIONS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3 rounded-lg bg-emerald-50 p-4">
                <Icon aria-hidden="true" className="mt-1 shrink-0 text-emerald-800" size={24} />
                <div>
                  <h3 className="font-semibold text-emerald-950">{title}</h3>
                  <p className="text-slate-700">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </section>
  );
}
