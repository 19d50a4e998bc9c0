import { z } from '../zod-fr';

// Response shapes of the user lists and details (apps/api/src/routes/accounts/user-routes.ts): only these columns
// ever leave the server. The web app imports the inferred types.

const zone = z.string().nullable();

export const createdUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  telephone: z.string(),
  email: z.string(),
  role: z.string(),
  zone,
  is_confirmed: z.boolean(),
});
export const userDetailsSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  telephone: z.string(),
  role: z.string(),
  zone,
});
export const unconfirmedUserSchema = userDetailsSchema.extend({ created_at: z.string() });
export const listedUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  telephone: z.string(),
  zone,
  role: z.string(),
  created_at: z.string(),
});

export type CreatedUser = z.infer<typeof createdUserSchema>;
export type UserDetails = z.infer<typeof userDetailsSchema>;
export type UnconfirmedUser = z.infer<typeof unconfirmedUserSchema>;
export type ListedUser = z.infer<typeof listedUserSchema>;
