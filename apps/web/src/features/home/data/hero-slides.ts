import { HERO_IMAGE_SET } from '@shared/constants';

// Hero carousel (spec §2.2): three slides, a fixed tagline above and below the changing heading.
export const HERO_TAGLINE_ABOVE = 'Rendre la vie quotidienne plus facile, pour chacun et partout au Bénin';
export const HERO_TAGLINE_BELOW = 'Des solutions sur mesure pour vos besoins essentiels';

export const HERO_SLIDES = [
  {
    image: HERO_IMAGE_SET.firstSlide,
    alt: 'Illustration : deux femmes portant des paniers de fruits sur la tête et un enfant, devant un village sous le soleil couchant.',
    heading: 'Simplifiez votre quotidien grâce à des services adaptés',
  },
  {
    image: '/images/hero/hero-2',
    alt: 'Illustration : une maison équipée d’un panneau solaire au crépuscule, entourée de deux habitants.',
    heading: 'Découvrez des solutions innovantes pour améliorer votre qualité de vie',
  },
  {
    image: '/images/hero/hero-3',
    alt: 'Illustration : un réseau de personnes reliées entre elles par des fils dorés.',
    heading: 'Connectez-vous à un réseau de prestataires et de conseillers de confiance',
  },
] as const;
