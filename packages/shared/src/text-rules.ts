import { z } from './zod-fr';
import { TEXT_MESSAGES, parseFcfa } from './zod-free/text';

export { TEXT_MESSAGES, parseFcfa };

// The rules for text that people write (docs/product/validation.md "Text that people write"), used by every schema:
// one name rule, one free-text rule, one FCFA amount parser. The original "letters and spaces only"
// refused ordinary French names ("Jean-Baptiste N'Dri") and sentences; the contract replaces it.

/**
 * Control characters (C0 with NUL, DEL, C1) and the invisible characters that reorder text
 * (bidirectional embeddings, overrides, isolates and marks): a name could otherwise display as
 * something other than what is stored. Line breaks and tabs are handled by the caller.
 */
const FORBIDDEN = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const LINE_BREAKS = /\r\n|\r|\n|\t/g;

/** True when `value` holds a control or bidirectional-override character; line breaks and tabs pass when `allowLineBreaks`. */
export function hasForbiddenChars(value: string, options: { allowLineBreaks?: boolean } = {}): boolean {
  return FORBIDDEN.test(options.allowLineBreaks ? value.replace(LINE_BREAKS, ' ') : value);
}

/** Letters of any alphabet with their accents, spaces, hyphens, apostrophes (' and ’) and periods; starts with a letter. */
const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u;

export const isPersonName = (value: string): boolean => NAME_PATTERN.test(value);
export const countLetters = (value: string): number => value.match(/\p{L}/gu)?.length ?? 0;

interface NameRule {
  /** Message when missing or blank; without it a blank name gets `minMessage`. */
  requiredMessage?: string;
  /** Minimum number of letters (not characters): "A." is one letter. */
  minLetters: number;
  minMessage: string;
  max: number;
  maxMessage?: string;
  /** Message for a character outside the name rule (digits, symbols, control or bidi characters). */
  charsMessage?: string;
}

/** A person's name (contact, volunteer, registration, testimonial author, donor): NFC, trimmed, inner spaces collapsed. */
export function personName(rule: NameRule) {
  const required = rule.requiredMessage ?? rule.minMessage;
  return z
    .string({ error: required })
    .transform((v) => v.normalize('NFC').trim().replace(/ {2,}/g, ' '))
    .pipe(
      z
        .string()
        .min(1, { error: required, abort: true })
        .max(rule.max, { error: rule.maxMessage ?? rule.minMessage, abort: true })
        .refine(isPersonName, { error: rule.charsMessage ?? TEXT_MESSAGES.nameChars, abort: true })
        .refine((v) => countLetters(v) >= rule.minLetters, rule.minMessage),
    );
}

/** An optional name (the donor's): blank or absent is undefined, anything else follows the name rule. */
export function optionalPersonName(rule: Omit<NameRule, 'requiredMessage'>) {
  const name = personName(rule);
  return z
    .string()
    .nullish()
    .transform((value, ctx) => {
      const text = (value ?? '').trim();
      if (text === '') return undefined;
      const parsed = name.safeParse(text);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    });
}

interface FreeTextRule {
  requiredMessage?: string;
  min?: number;
  minMessage?: string;
  max: number;
  maxMessage?: string;
  /** Message for control or bidi characters; the field's own wording. */
  charsMessage?: string;
  /** Multi-line fields (messages, descriptions, testimonials) keep their line breaks. */
  multiline?: boolean;
}

/** Any printable text with its punctuation (testimonial text and title, messages, descriptions, services). Required. */
export function freeText(rule: FreeTextRule) {
  const required = rule.requiredMessage ?? rule.minMessage ?? 'Ce champ est requis.';
  return z
    .string({ error: required })
    .transform((v) => v.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .min(1, { error: required, abort: true })
        .refine((v) => !hasForbiddenChars(v, { allowLineBreaks: rule.multiline }), {
          error: rule.charsMessage ?? TEXT_MESSAGES.forbiddenChars,
          abort: true,
        })
        .min(rule.min ?? 1, rule.minMessage ?? required)
        .max(rule.max, rule.maxMessage),
    );
}

/** Optional free text: blank or absent becomes undefined. */
export function optionalFreeText(rule: Omit<FreeTextRule, 'requiredMessage' | 'min' | 'minMessage'>) {
  return z
    .string()
    .nullish()
    .transform((v) => (v ?? '').normalize('NFC').trim())
    .pipe(
      z
        .string()
        .refine((v) => !hasForbiddenChars(v, { allowLineBreaks: rule.multiline }), rule.charsMessage ?? TEXT_MESSAGES.forbiddenChars)
        .max(rule.max, rule.maxMessage),
    )
    .transform((v) => (v === '' ? undefined : v));
}

/** A single-line text with no other rule (zones, job titles, companies): only control and bidi characters are refused. */
export const plainLine =
  (message: string = TEXT_MESSAGES.forbiddenChars) =>
  (value: string) =>
    !hasForbiddenChars(value) || message;
