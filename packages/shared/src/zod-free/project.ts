// Social projects: what the browser needs without zod (the schemas in schemas/project.ts re-export it), so a form page's first load
// skips zod and its schemas (~250 KB of JavaScript; issue #43, apps/web/src/lib/lazy-resolver.ts).
import { FILE_RULES } from './upload';

export const PROJECT_MESSAGES = {
  nameRequired: 'Le nom du projet est requis.',
  name: 'Le nom du projet doit comporter au moins 4 caractères.',
  nameChars: 'Le nom du projet contient des caractères invisibles ou de contrôle non autorisés.',
  descriptionRequired: 'La description est requise.',
  description: 'La description doit comporter au moins 30 caractères.',
  descriptionChars: 'La description contient des caractères invisibles ou de contrôle non autorisés.',
  goalRequired: "L'objectif de financement est requis.",
  goal: "L'objectif de financement doit contenir uniquement des chiffres (au moins 4 chiffres).",
  goalMax: "L'objectif de financement ne doit pas dépasser 9 chiffres.",
  emailRequired: "L'email de contact est requis.",
  telephone: "Le numéro de téléphone doit contenir entre 8 et 15 chiffres, précédé d'un signe + si nécessaire.",
  category: 'Veuillez choisir une catégorie valide.',
  fileSize: FILE_RULES.project_file.sizeMessage,
  success: 'Merci ! Votre projet a été soumis avec succès !',
  failure: 'Une erreur est survenue, veuillez réessayer.',
} as const;
