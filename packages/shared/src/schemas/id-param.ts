import { z } from '../zod-fr';

// The one schema for numeric ids in a URL path (`/api/users/{id}`, `/api/payments/{id}`, …). Only the canonical
// decimal form is an id: `+1`, ` 1`, `00001`, `1.0` or `1e0` name no resource, so every route answers them the
// same way (404, see the API's error handler) instead of reading them as 1.

/** Largest id accepted: the range of a 32-bit signed integer column on both databases. */
export const MAX_ID = 2_147_483_647;

const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;

/** The id written in a path segment, or null when it is not a canonical id. */
export function parseId(raw: string): number | null {
  if (!CANONICAL_ID.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}

export const idParam = z
  .string()
  .max(10)
  .refine((raw) => parseId(raw) !== null)
  .transform((raw) => Number(raw));

export const idParamsSchema = z.object({ id: idParam });
