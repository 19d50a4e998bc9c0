import { HERO_IMAGE_SET } from '@shared/constants';
import { LIMITS } from '@shared/constants';
import { Picture } from '@web/components/ui/picture';
import { cn } from '@web/lib/cn';
import { takeShownSince } from '@web/lib/hydration';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { HERO_SLIDES, HERO_TAGLINE_ABOVE, HERO_TAGLINE_BELOW } from '../data/hero-slides';
import { useCarousel } from '../use-carousel';

const arrowClass =
  'absolute top-1/2 z-20 -translate-y-1/2 rounded-full bg-black/50 p-2 text-white ring-1 ring-white/60 hover:bg-black/70 sm:p-3';

/** Full-screen hero (docs/product/screens.md): 3 slides, 5 s auto-advance, wrapping arrows, pause button (WCAG 2.2.2). */
export function HeroCarousel() {
  const [shownSince] = useState(takeShownSince);
  const { index, next, previous, isPaused, togglePaused, isRotating, focusHandlers } = useCarousel(
    HERO_SLIDES.length,
    LIMITS.heroIntervalMs,
    shownSince,
  );
  // Only the first picture competes with the page's first paint; the others load once it is on screen.
  const [isFirstLoaded, setFirstLoaded] = useState(false);
  // The prerendered page may finish loading the first picture before React hydrates and attaches onLoad.
  const firstImage = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (firstImage.current?.complete) setFirstLoaded(true);
  }, []);
  return (
    <section
      aria-roledescription="carrousel"
      aria-label="Présentation de l'association"
      className="relative isolate flex h-[calc(100svh-4rem)] min-h-[26rem] items-center justify-center overflow-hidden bg-emerald-950"
      {...focusHandlers}
    >
      {HERO_SLIDES.map((slide, i) => (
        <div
          key={slide.image}
          aria-hidden={i !== index}
          className={cn('absolute inset-0 -z-10 transition-opacity duration-700', i === index ? 'opacity-100' : 'opacity-0')}
        >
          {i === 0 || i === index || isFirstLoaded ? (
            <Picture
              src={slide.image}
              widths={HERO_IMAGE_SET.widths}
              alternate={{ media: HERO_IMAGE_SET.portraitMedia, src: `${slide.image}-portrait`, widths: HERO_IMAGE_SET.portraitWidths }}
              sizes="100vw"
              width={1600}
              height={900}
              alt={slide.alt}
              isPriority={i === 0}
              onLoad={i === 0 ? () => setFirstLoaded(true) : undefined}
              imageRef={i === 0 ? firstImage : undefined}
              className="h-full w-full object-cover"
            />
          ) : null}
        </div>
      ))}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-b from-black/60 via-black/55 to-black/70" />
      <div className="mx-auto max-w-4xl px-12 text-center text-white sm:px-20">
        <p className="mb-4 font-semibold tracking-wide text-amber-200 sm:text-lg">{HERO_TAGLINE_ABOVE}</p>
        <div aria-live={isRotating ? 'off' : 'polite'} className="grid">
          {HERO_SLIDES.map((slide, i) => (
            <div
              key={slide.heading}
              role="group"
              aria-roledescription="diapositive"
              aria-label={`${i + 1} sur ${HERO_SLIDES.length}`}
              hidden={i !== index}
              className="[grid-area:1/1]"
            >
              <h2 className="text-[1.75rem] leading-tight font-extrabold text-balance sm:text-5xl">{slide.heading}</h2>
            </div>
          ))}
        </div>
        <p className="mt-5 text-lg text-amber-50 sm:text-xl">{HERO_TAGLINE_BELOW}</p>
      </div>
      <button type="button" onClick={previous} aria-label="Diapositive précédente" className={cn(arrowClass, 'left-2 sm:left-4')}>
        <ChevronLeft aria-hidden="true" size={28} />
      </button>
      <button type="button" onClick={next} aria-label="Diapositive suivante" className={cn(arrowClass, 'right-2 sm:right-4')}>
        <ChevronRight aria-hidden="true" size={28} />
      </button>
      <button
        type="button"
        onClick={togglePaused}
        aria-label={isPaused ? 'Reprendre le défilement' : 'Mettre en pause le défilement'}
        className="absolute bottom-4 left-1/2 z-20 -translate-x-1/2 rounded-full bg-black/50 p-2 text-white ring-1 ring-white/60 hover:bg-black/70"
      >
        {isPaused ? <Play aria-hidden="true" size={20} /> : <Pause aria-hidden="true" size={20} />}
      </button>
    </section>
  );
}
