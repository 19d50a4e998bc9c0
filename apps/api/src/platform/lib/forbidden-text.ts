import { hasForbiddenChars, TEXT_MESSAGES } from '@shared/text-rules';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { HttpError } from './http-errors';
import { MESSAGES } from '@shared/messages';

// docs/product/validation.md "Text that people write": control characters (NUL included) and bidirectional overrides
// are refused with 422 everywhere. The shared schemas refuse them field by field with the field's own
// message; this is the backstop for every other string a route accepts (zones, provider details,
// questionnaire answers, query strings…), so no route can store one by forgetting the rule.

/** The path of the first string in `value` holding a forbidden character, or null. Line breaks and tabs pass. */
export function findForbiddenText(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return hasForbiddenChars(value, { allowLineBreaks: true }) ? path : null;
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const found = findForbiddenText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** fastify-type-provider-zod's compiler, then the backstop on what the schema accepted. */
export const validatorWithTextRules: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  // Path parameters are ids and file names, which their own routes answer with 404.
  if (route.httpPart === 'params') return validate;
  return (data: unknown) => {
    const result = validate(data) as { value?: unknown; error?: Error };
    if (result.error) return result;
    const path = findForbiddenText(data);
    if (!path) return result;
    const field = path[0] ?? '_';
    return { error: new HttpError(422, MESSAGES.validation, { [field]: [TEXT_MESSAGES.forbiddenChars] }) };
  };
};
