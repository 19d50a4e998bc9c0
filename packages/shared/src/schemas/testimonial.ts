import { freeText, personName } from '../text-rules';
import { z } from '../zod-fr';
import { formConsentsSchema } from './privacy';
import { FILE_RULES, fileField } from './upload-rules';

// Testimonial submission (docs/product/screens.md, docs/product/validation.md Testimonial, docs/product/http-api.md POST /testimonial multipart). Checked live in the browser.
// docs/product/validation.md "Text that people write": the author is a name, the text and title are free text.
export const TESTIMONIAL_MESSAGES = {
  textMin: 'Le témoignage doit comporter au moins 10 caractères.',
  textMax: 'Le témoignage doit comporter au plus 2000 caractères.',
  textChars: 'Le témoignage contient des caractères invisibles ou de contrôle non autorisés.',
  authorMin: "Le nom de l'auteur doit comporter au moins 3 caractères.",
  authorMax: "Le nom de l'auteur doit comporter au plus 100 caractères.",
  authorChars: "Le nom de l'auteur ne peut contenir que des lettres, des espaces, des traits d'union, des apostrophes et des points.",
  titleMin: 'Le titre doit comporter au moins 6 caractères.',
  titleMax: 'Le titre doit comporter au plus 150 caractères.',
  titleChars: 'Le titre contient des caractères invisibles ou de contrôle non autorisés.',
  avatarRequired: FILE_RULES.avatar.requiredMessage,
  success: 'Merci pour votre témoignage ! Il sera publié après validation par notre équipe.',
  published: 'Témoignage publié avec succès.',
  deleted: 'Témoignage supprimé avec succès.',
  formErrors: 'Veuillez corriger les erreurs avant de soumettre.',
  failure: 'Une erreur est survenue. Veuillez réessayer.',
  consentRequired: 'Cochez la case pour accepter que votre témoignage soit publié avec votre nom et votre photo.',
} as const;

const M = TESTIMONIAL_MESSAGES;

export const testimonialFieldsSchema = z.object({
  text: freeText({ min: 10, minMessage: M.textMin, max: 2000, maxMessage: M.textMax, charsMessage: M.textChars, multiline: true }),
  // "at least 3 characters" (docs/product/validation.md) counted as letters: "A. B" is not a name.
  author: personName({ minLetters: 3, minMessage: M.authorMin, max: 100, maxMessage: M.authorMax, charsMessage: M.authorChars }),
  title: freeText({ min: 6, minMessage: M.titleMin, max: 150, maxMessage: M.titleMax, charsMessage: M.titleChars }),
  // docs/product/personal-data.md: publishing with the author's name and photo is consented to, explicitly (the form
  // sends `consents: {testimonial: true}`, as JSON in this multipart body). A « no » cannot be published: refused.
  consents: z
    .preprocess((value) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    }, formConsentsSchema)
    .refine((c) => c?.testimonial !== false, { error: M.consentRequired }),
});

/** The browser form: the text fields, the avatar file input and the consent box (ticked to send). */
export const testimonialFormSchema = testimonialFieldsSchema.omit({ consents: true }).extend({
  avatar: fileField(FILE_RULES.avatar, { required: true }),
  consentTestimonial: z.literal(true, { error: M.consentRequired }),
});
export type TestimonialFormInput = z.input<typeof testimonialFormSchema>;

export const TESTIMONIAL_FILES = { avatar: FILE_RULES.avatar } as const;
