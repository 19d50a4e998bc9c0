// The four action cards under the hero (spec §2.3).
export const ACTION_CARDS = [
  {
    to: '/temoignage',
    title: 'Inspiration & Témoignages',
    text: 'Lisez les histoires de ceux que nous accompagnons et partagez la vôtre.',
    icon: 'quote',
  },
  {
    to: '/donation',
    title: 'Faire un Don',
    text: 'Chaque franc compte\u00a0: financez un repas, un soin ou une rentrée scolaire.',
    icon: 'gift',
  },
  {
    to: '/volontier',
    title: 'Devenir Volontaire',
    text: 'Offrez votre temps et vos compétences aux familles de votre quartier.',
    icon: 'users',
  },
  {
    to: '/projet-social',
    title: 'Soumettre un Projet',
    text: 'Vous portez une initiative solidaire\u00a0? Présentez-la pour obtenir un financement.',
    icon: 'file',
  },
] as const;
