import { z } from '../zod-fr';

// Small building blocks of the public forms' schemas.

export const EMAIL_MESSAGE = 'Veuillez entrer une adresse email valide.';
/** A basic e-mail pattern (docs/product/validation.md): something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = (message: string = EMAIL_MESSAGE) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .min(1, { error: message, abort: true })
    .max(254, { error: message, abort: true })
    .regex(EMAIL_PATTERN, message);
