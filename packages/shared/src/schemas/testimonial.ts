import { z } from '../zod-fr';
import { FILE_RULES, fileField } from './upload-rules';

// Testimonial submission (spec §2, §5 Testimonial, §7 POST /testimonial multipart). Checked live in the browser.
export const TESTIMONIAL_MESSAGES = {
  textMin: 'Le témoignage doit comporter au moins 10 caractères.',
  textChars: 'Le témoignage ne doit contenir que des lettres, des chiffres et des espaces.',
  authorMin: "Le nom de l'auteur doit comporter au moins 3 caractères.",
  authorChars: "Le nom de l'auteur ne doit contenir que des lettres, des chiffres et des espaces.",
  titleMin: 'Le titre doit comporter au moins 6 caractères.',
  titleChars: 'Le titre ne doit contenir que des lettres, des chiffres et des espaces.',
  avatarRequired: FILE_RULES.avatar.requiredMessage,
  success: 'Merci pour votre témoignage ! Il sera publié après validation par notre équipe.',
  published: 'Témoignage publié avec succès.',
  deleted: 'Témoignage supprimé avec succès.',
  formErrors: 'Veuillez corriger les erreurs avant de soumettre.',
  failure: 'Une erreur est survenue. Veuillez réessayer.',
} as const;

// Letters (accented included), digits and spaces only (spec §5).
const TEXT_CHARS = /^[\p{L}\p{M}\p{N}\s]*$/u;
const LINE_CHARS = /^[\p{L}\p{M}\p{N} ]*$/u;

const rule = (min: number, max: number, minMessage: string, charsMessage: string, chars: RegExp) =>
  z
    .string({ error: minMessage })
    .trim()
    .min(min, minMessage)
    .max(max)
    .regex(chars, charsMessage);

export const testimonialFieldsSchema = z.object({
  text: rule(10, 2000, TESTIMONIAL_MESSAGES.textMin, TESTIMONIAL_MESSAGES.textChars, TEXT_CHARS),
  author: rule(3, 100, TESTIMONIAL_MESSAGES.authorMin, TESTIMONIAL_MESSAGES.authorChars, LINE_CHARS),
  title: rule(6, 150, TESTIMONIAL_MESSAGES.titleMin, TESTIMONIAL_MESSAGES.titleChars, LINE_CHARS),
});

/** The browser form: the text fields plus the avatar file input. */
export const testimonialFormSchema = testimonialFieldsSchema.extend({
  avatar: fileField(FILE_RULES.avatar, { required: true }),
});
export type TestimonialFormInput = z.input<typeof testimonialFormSchema>;

export const TESTIMONIAL_FILES = { avatar: FILE_RULES.avatar } as const;
