import { z } from 'zod';

// Response shapes of this area: only these columns ever leave the server.
export const messageSchema = z.object({ message: z.string() });
export { idParamsSchema } from '@shared/schemas/id-param';

export const publicTestimonialSchema = z.object({
  id: z.number(),
  text: z.string(),
  author: z.string(),
  title: z.string(),
  avatar: z.string(),
  avatar_url: z.string(),
});
export const publicVolunteerSchema = z.object({
  id: z.number(),
  name: z.string(),
  profile_image: z.string(),
  profile_image_url: z.string(),
});
export const adminTestimonialSchema = z.object({
  id: z.number(),
  text: z.string(),
  author: z.string(),
  title: z.string(),
  avatar: z.string(),
  avatar_url: z.string(),
  is_published: z.boolean(),
  created_at: z.string(),
});
export const unconfirmedVolunteerSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  domain: z.string(),
  under_restriction: z.enum(['1', '0']),
  /** The photo, shown to the administrator before confirming (GET /api/download/profile_image/{name}). */
  profile_image: z.string(),
  cv: z.string(),
  motivation_letter: z.string(),
  criminal_record: z.string(),
  restriction_proof: z.string().nullable(),
  created_at: z.string(),
});
export const projectSchema = z.object({
  id: z.number(),
  project_name: z.string(),
  description: z.string(),
  goal_amount: z.number(),
  category: z.string(),
  contact_email: z.string(),
  project_file: z.string().nullable(),
  created_at: z.string(),
});
export const contactMessageSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  services: z.string().nullable(),
  message: z.string().nullable(),
  created_at: z.string(),
  /** When an administrator marked it handled; null while new. */
  handled_at: z.string().nullable(),
});
export const subscriberSchema = z.object({ id: z.number(), email: z.string(), created_at: z.string() });
