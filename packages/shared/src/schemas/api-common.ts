import { z } from '../zod-fr';

// The envelopes every API answer shares (docs/product/http-api.md): `{ message }` on success without a body of its own, and
// `{ message, errors? }` on failure, `errors` naming each refused field with its French messages.

export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

/** Field name → its French messages (`_` for the request as a whole). */
export type FieldErrors = Record<string, string[]>;

export const errorResponseSchema = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())).optional() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
