// Problématiques (spec §2.11): eight issues, each with its illustration under /images/problematiques/.
export const PROBLEMATIQUES = [
  {
    image: 'faim',
    title: 'Lutter contre la faim',
    alt: 'Illustration : un bol de riz et de légumes fumant sur un motif de pagne.',
    description: 'Distribuer des repas et des vivres, soutenir les cantines scolaires et les producteurs locaux.',
  },
  {
    image: 'vetements',
    title: 'Habiller les démunis',
    alt: 'Illustration : une chemise et une robe en pagne suspendues à une corde à linge.',
    description: 'Collecter et redistribuer des vêtements, faire coudre des uniformes scolaires par les tailleurs du quartier.',
  },
  {
    image: 'transport',
    title: 'Faciliter les déplacements',
    alt: 'Illustration : un conducteur en chemise jaune sur un deux-roues.',
    description: "Aider à payer les trajets vers l'école, le travail et les centres de santé, en toute sécurité.",
  },
  {
    image: 'logement',
    title: 'Loger les sans-abri',
    alt: 'Illustration : une maison au toit rouge avec deux fenêtres.',
    description: 'Offrir un abri d’urgence, réparer les toitures et accompagner les familles vers un logement durable.',
  },
  {
    image: 'education',
    title: "Accès à l'éducation",
    alt: 'Illustration : un livre ouvert et un chapeau de diplômé.',
    description: 'Bourses, fournitures, soutien scolaire et apprentissage pour que chaque enfant aille au bout de ses études.',
  },
  {
    image: 'sante',
    title: 'Soins de santé pour tous',
    alt: 'Illustration : une croix médicale et un cœur.',
    description: 'Consultations solidaires, dépistages et prise en charge des frais médicaux des plus fragiles.',
  },
  {
    image: 'juridique',
    title: 'Intégrité juridique',
    alt: 'Illustration : une balance de la justice dorée.',
    description: "Informer chacun de ses droits, aider à obtenir les papiers d'état civil et régler les litiges à l'amiable.",
  },
  {
    image: 'energie',
    title: 'Sécurité énergétique',
    alt: 'Illustration : un panneau solaire et une ampoule allumée.',
    description: 'Installer des kits solaires et des foyers améliorés dans les foyers, les écoles et les centres de santé.',
  },
] as const;
