// Causes (spec §2 "Causes"): the home grid shows the first seven, in this order; the detail page also knows "financement".
export interface Cause {
  id: string;
  title: string;
  /** Base name of the image set under /images/causes/. */
  image: string;
  summary: string;
  text: string;
}

export const CAUSES: readonly Cause[] = [
  { id: 'securite-sanitaire', title: 'Sécurité Sanitaire', image: 'sanitaire', summary: '', text: '' },
  { id: 'securite-alimentaire', title: 'Sécurité Alimentaire', image: 'alimentaire', summary: '', text: '' },
  { id: 'securite-avenir', title: "Sécurité d'Avenir", image: 'avenir', summary: '', text: '' },
  { id: 'securite-vestimentaire', title: 'Sécurité Textile', image: 'vestimentaire', summary: '', text: '' },
  { id: 'securite-toît', title: "Sécurité d'un toît", image: 'toit', summary: '', text: '' },
  { id: 'intégrité-juridique', title: 'Intégrité juridique', image: 'juridique', summary: '', text: '' },
  { id: 'sécurité-énergetique', title: 'Sécurité énergetique', image: 'energetique', summary: '', text: '' },
  { id: 'financement', title: 'Financement Communautaire', image: 'financement', summary: '', text: '' },
];

export const HOME_CAUSE_IDS = CAUSES.slice(0, 7).map((c) => c.id);

export function findCause(id: string): Cause | undefined {
  const wanted = safeDecode(id).normalize('NFC');
  return CAUSES.find((c) => c.id.normalize('NFC') === wanted);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
