// Missions & Visions (spec §2.7): ten cards, an icon name each (unknown names fall back to a globe).
export interface Mission {
  title: string;
  icon: string;
  description: string;
}

export const MISSIONS: readonly Mission[] = [
  {
    title: 'Repas pour Tous',
    icon: 'repas',
    description: 'Un repas équilibré chaque jour pour chaque enfant, chaque aîné et chaque famille.',
  },
  {
    title: 'Soins pour Tous',
    icon: 'soins',
    description: 'Des consultations, des médicaments et un suivi médical accessibles à tous les budgets.',
  },
  {
    title: 'Éducation pour Tous',
    icon: 'education',
    description: "L'école, les fournitures et la formation professionnelle pour construire l'avenir.",
  },
  {
    title: 'Financement pour Tous',
    icon: 'financement',
    description: "L'épargne solidaire et le microcrédit pour lancer et faire grandir les projets.",
  },
  {
    title: 'Vêtements pour Tous',
    icon: 'vetements',
    description: 'Des vêtements dignes et adaptés, confectionnés par les artisans locaux.',
  },
  {
    title: 'Transport pour Tous',
    icon: 'transport',
    description: "Des déplacements sûrs et abordables pour aller à l'école, au travail ou à l'hôpital.",
  },
  { title: 'Logement pour Tous', icon: 'logement', description: 'Un toit sûr et salubre, réparé avant la saison des pluies.' },
  {
    title: 'Sécurité pour Tous',
    icon: 'securite',
    description: 'Des quartiers plus sûrs grâce à la prévention et à la solidarité entre voisins.',
  },
  { title: 'Sûrété pour Tous', icon: 'surete', description: 'La protection juridique et administrative de chacun face aux abus.' },
  {
    title: 'Énergie pour Tous',
    icon: 'energie',
    description: 'Une énergie propre et abordable\u00a0: kits solaires, lampes et foyers améliorés.',
  },
];
