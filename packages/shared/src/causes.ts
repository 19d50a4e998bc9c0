import { DONATION_PURPOSES, type DonationPurpose } from './constants';

// Causes (docs/product/public-site.md "Causes"): the home grid shows the first seven, in this order; the detail page also knows "financement".
export interface Cause {
  id: string;
  title: string;
  /** Base name of the image set under /images/causes/. */
  image: string;
  /** French description of the illustration (alt text). */
  imageAlt: string;
  /** One sentence for the home grid card. */
  summary: string;
  /** The detail page's text; paragraphs are separated by a blank line. */
  text: string;
}

const paragraphs = (...parts: string[]) => parts.join('\n\n');

export const CAUSES: readonly Cause[] = [
  {
    id: 'securite-sanitaire',
    title: 'Sécurité Sanitaire',
    image: 'sanitaire',
    imageAlt: 'Illustration : une croix médicale et un cœur devant un paysage ensoleillé, avec des habitants du quartier.',
    summary: "Rendre les soins de santé accessibles à chaque famille, même loin d'un centre médical.",
    text: paragraphs(
      'Au Bénin, de nombreuses familles renoncent à se soigner faute de moyens ou parce que le centre de santé le plus proche est trop loin. Une fièvre non traitée, une grossesse sans suivi ou une blessure mal soignée peuvent alors avoir des conséquences graves.',
      'Avec nos conseillers et les prestataires de santé de notre réseau, nous organisons des consultations à tarif solidaire, des campagnes de dépistage et de vaccination, et la prise en charge des frais médicaux des personnes les plus vulnérables.',
      "Votre don finance des médicaments essentiels, des kits d'hygiène et le transport des malades vers les structures de soins.",
    ),
  },
  {
    id: 'securite-alimentaire',
    title: 'Sécurité Alimentaire',
    image: 'alimentaire',
    imageAlt: 'Illustration : un grand bol de riz et de légumes fumant, avec des habitants qui se rassemblent.',
    summary: 'Garantir à chacun au moins un repas équilibré par jour, grâce aux producteurs locaux.',
    text: paragraphs(
      "La faim touche encore trop d'enfants, de personnes âgées et de familles. La hausse des prix des denrées de base rend l'accès à une alimentation suffisante et équilibrée de plus en plus difficile.",
      "Nous distribuons des repas et des paniers alimentaires, nous soutenons les cantines scolaires et nous achetons en priorité auprès des producteurs et des marchés locaux, pour que l'aide profite aussi à l'économie du quartier.",
      "Chaque contribution permet de servir des repas chauds et d'accompagner des familles vers une plus grande autonomie alimentaire, par exemple grâce aux jardins potagers communautaires.",
    ),
  },
  {
    id: 'securite-avenir',
    title: "Sécurité d'Avenir",
    image: 'avenir',
    imageAlt: "Illustration : une jeune pousse qui grandit sous le soleil, symbole de l'avenir des enfants.",
    summary: "Offrir aux enfants et aux jeunes l'éducation et la formation qui ouvrent les portes de l'avenir.",
    text: paragraphs(
      "L'école reste hors de portée pour beaucoup d'enfants : frais de scolarité, fournitures, uniformes et trajets pèsent lourd dans le budget des familles. Sans formation, les jeunes peinent ensuite à trouver un emploi stable.",
      "Nous accordons des bourses scolaires, distribuons des kits de fournitures, proposons du soutien scolaire et accompagnons les jeunes vers l'apprentissage d'un métier auprès d'artisans et d'entreprises partenaires.",
      "Investir dans l'éducation d'un enfant, c'est préparer une famille entière à vivre mieux demain.",
    ),
  },
  {
    id: 'securite-vestimentaire',
    title: 'Sécurité Textile',
    image: 'vestimentaire',
    imageAlt: 'Illustration : des vêtements en tissu pagne suspendus à une corde à linge.',
    summary: 'Habiller dignement les personnes dans le besoin, avec des vêtements adaptés et des tissus locaux.',
    text: paragraphs(
      "Avoir des vêtements propres et adaptés est une question de dignité, de santé et d'intégration : pour aller à l'école, passer un entretien ou simplement se protéger de la pluie et du froid des nuits d'harmattan.",
      'Nous collectons, trions et redistribuons des vêtements, et nous faisons travailler des couturières et des tailleurs locaux pour confectionner des uniformes scolaires et des tenues en tissu pagne.',
      'Votre soutien habille des enfants pour la rentrée et fait vivre les artisans du textile de nos quartiers.',
    ),
  },
  {
    id: 'securite-toît',
    title: "Sécurité d'un toit",
    image: 'toit',
    imageAlt: "Illustration : une maison au toit de tôle rouge, avec un habitant devant l'entrée.",
    summary: 'Aider les familles sans abri ou mal logées à vivre sous un toit sûr et salubre.',
    text: paragraphs(
      "Des familles vivent dans des logements insalubres, inondables ou surpeuplés, et certaines personnes n'ont aucun abri. Un logement précaire expose aux maladies, à l'insécurité et empêche de construire un projet de vie.",
      'Nous finançons des réparations urgentes (toitures, portes, latrines), aidons au paiement des premiers loyers et mettons en relation les familles avec des artisans et des propriétaires de confiance de notre réseau.',
      "Un don, c'est un toit qui ne fuit plus pendant la saison des pluies et une famille qui dort en sécurité.",
    ),
  },
  {
    id: 'intégrité-juridique',
    title: 'Intégrité juridique',
    image: 'juridique',
    imageAlt: 'Illustration : une balance de la justice dorée, symbole du droit et de l’équité.',
    summary: 'Informer chacun de ses droits et accompagner les démarches juridiques et administratives.',
    text: paragraphs(
      "Sans acte de naissance, sans titre foncier ou sans contrat écrit, il est difficile de faire valoir ses droits. Beaucoup de personnes ignorent les recours qui existent ou n'ont pas les moyens de consulter un juriste.",
      "Nos conseillers organisent des permanences d'information juridique, aident à obtenir les pièces d'état civil et orientent vers des avocats et des médiateurs partenaires pour régler les litiges à l'amiable.",
      'Votre contribution protège les plus fragiles contre les abus et les expulsions injustes.',
    ),
  },
  {
    id: 'sécurité-énergetique',
    title: 'Sécurité énergétique',
    image: 'energetique',
    imageAlt: 'Illustration : un panneau solaire et une ampoule allumée sous un soleil éclatant.',
    summary: 'Apporter une énergie propre et abordable aux foyers, aux écoles et aux centres de santé.',
    text: paragraphs(
      'Sans électricité, les enfants révisent à la lampe à pétrole, les centres de santé ne peuvent pas conserver les vaccins et les petits commerces ferment à la tombée de la nuit.',
      'Nous installons des kits solaires, des lampes rechargeables et des foyers améliorés qui consomment moins de bois, et nous formons des jeunes à leur entretien.',
      "Chaque don éclaire une maison ou une salle de classe, tout en préservant l'environnement.",
    ),
  },
  {
    id: 'financement',
    title: 'Financement Communautaire',
    image: 'financement',
    imageAlt: 'Illustration : des piles de pièces et une jeune plante qui pousse, symbole de l’épargne solidaire.',
    summary: 'Soutenir les projets des habitants par l’épargne solidaire et le microcrédit.',
    text: paragraphs(
      "Beaucoup de porteurs de projets, de commerçantes et d'artisans n'ont pas accès au crédit bancaire. Les tontines et l'entraide restent leurs seules ressources pour démarrer ou développer une activité.",
      "Nous finançons des projets sociaux soumis par la communauté, accompagnons des groupes d'épargne solidaire et proposons des microcrédits avec un suivi par nos conseillers.",
      'Votre don devient un levier : il aide une activité à naître, puis à faire vivre une famille.',
    ),
  },
];

export const HOME_CAUSE_IDS = CAUSES.slice(0, 7).map((c) => c.id);

/** The spec's cause ids carry accents (`securite-toît`); typed or shared without them (`/causes/securite-toit`) they still work. */
const withoutAccents = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function findCause(id: string): Cause | undefined {
  const wanted = safeDecode(id).normalize('NFC');
  const exact = CAUSES.find((c) => c.id.normalize('NFC') === wanted);
  if (exact) return exact;
  const loose = withoutAccents(wanted);
  return CAUSES.find((c) => withoutAccents(c.id) === loose);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Which donation purpose each cause funds (docs/product/donors.md): `/donation?cause=<id>` selects it.
 * Keys are compared without accents or case, so `securite-toit` and `securite-toît` are the same cause.
 */
const PURPOSE_BY_CAUSE: Record<string, DonationPurpose> = {
  'securite-sanitaire': 'sante',
  'securite-alimentaire': 'alimentation',
  'securite-avenir': 'education',
  'securite-vestimentaire': 'vetement',
  'securite-toit': 'logement',
  'integrite-juridique': 'protection',
};

const plainId = (id: string) => safeDecode(id).normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/** The purpose a cause's donations go to: its own, or `autres` for any other cause. */
export function purposeForCause(causeId: string): DonationPurpose {
  return PURPOSE_BY_CAUSE[plainId(causeId)] ?? 'autres';
}

/** The purpose to preselect from `?cause=` or `?purpose=` of /donation; null when neither is given or known. */
// Any reader of query parameters (URLSearchParams in the browser): this package sees neither DOM nor Node types.
export function purposeFromQuery(params: { get(name: string): string | null }): DonationPurpose | null {
  const purpose = params.get('purpose');
  if (purpose && (DONATION_PURPOSES as readonly string[]).includes(purpose)) return purpose as DonationPurpose;
  const cause = params.get('cause');
  return cause ? purposeForCause(cause) : null;
}

/** The donation form's address for a cause. */
export const donationPathForCause = (causeId: string) => `/donation?cause=${encodeURIComponent(causeId)}`;
