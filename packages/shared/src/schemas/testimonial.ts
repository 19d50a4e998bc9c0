import { freeText, personName } from '../text-rules';
import { z } from '../zod-fr';
import { formConsentsSchema } from './privacy';
import { FILE_RULES, fileField } from './upload-rules';
import { TESTIMONIAL_MESSAGES } from '../zod-free/testimonial';

export { TESTIMONIAL_MESSAGES };

// Testimonial submission (docs/product/screens.md, docs/product/validation.md Testimonial, docs/product/http-api.md POST /testimonial multipart). Checked live in the browser.
// docs/product/validation.md "Text that people write": the author is a name, the text and title are free text.

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
