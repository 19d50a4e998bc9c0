import { LIMITS } from '@shared/constants';
import { ChevronLeft, ChevronRight, Quote } from 'lucide-react';
import { Link } from '@web/lib/router';
import { useTestimonials } from '../api/get-testimonials';
import { useCarousel } from '../use-carousel';
import { FallbackImage } from './fallback-image';

const buttonClass = 'rounded-full bg-emerald-800 p-2 text-white hover:bg-emerald-900';

/**
 * Testimonials carousel (docs/product/screens.md): 10 s auto-advance, wrapping buttons, loading text until the list arrives, and a
 * short empty state with a way to write one when none is published (issue #18 §6: not "Chargement…" forever).
 */
export function TestimonialsCarousel() {
  const { data } = useTestimonials();
  const testimonials = data ?? [];
  const { index, next, previous, focusHandlers, isRotating } = useCarousel(testimonials.length, LIMITS.testimonialIntervalMs);
  const current = testimonials[index];
  return (
    <section aria-labelledby="testimonials-title" className="px-4 py-14">
      <h2 id="testimonials-title" className="mb-8 text-center text-3xl font-bold text-emerald-950">
        Ils témoignent
      </h2>
      {current ? (
        <div
          role="region"
          aria-roledescription="carrousel"
          aria-label="Témoignages"
          className="mx-auto flex max-w-3xl items-center gap-2 sm:gap-4"
          {...focusHandlers}
        >
          <button type="button" onClick={previous} aria-label="Témoignage précédent" className={buttonClass}>
            <ChevronLeft aria-hidden="true" />
          </button>
          <figure
            aria-live={isRotating ? 'off' : 'polite'}
            className="flex min-h-72 flex-1 flex-col items-center rounded-2xl bg-emerald-50 p-6 text-center"
          >
            <FallbackImage
              key={current.id}
              src={current.avatar_url ?? ''}
              alt={`Photo de ${current.author}`}
              width={96}
              height={96}
              loading="lazy"
              decoding="async"
              className="mb-4 h-24 w-24 rounded-full bg-amber-100 object-cover"
            />
            <Quote aria-hidden="true" className="mb-2 text-orange-700" />
            <blockquote className="mb-4 text-lg text-slate-800 italic">{current.text}</blockquote>
            <figcaption>
              <span className="block font-bold text-emerald-950">{current.author}</span>
              <span className="block text-sm text-slate-700">{current.title}</span>
            </figcaption>
          </figure>
          <button type="button" onClick={next} aria-label="Témoignage suivant" className={buttonClass}>
            <ChevronRight aria-hidden="true" />
          </button>
        </div>
      ) : data ? (
        <p className="text-center text-slate-700">
          Aucun témoignage publié pour le moment.{' '}
          <Link to="/temoignage" className="inline-block py-1 font-semibold text-emerald-800 underline underline-offset-2">
            Partagez le vôtre
          </Link>
        </p>
      ) : (
        <p role="status" className="text-center text-slate-700">
          Chargement des témoignages...
        </p>
      )}
    </section>
  );
}
