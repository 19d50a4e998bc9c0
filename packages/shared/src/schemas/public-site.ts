import { z } from '../zod-fr';

// Response shapes of the public site's API (routes/public-site): only these columns ever leave the server. The web
// app imports the inferred types below instead of declaring the shapes again.

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
  /** E.164, or null for an application sent before the form asked it. */
  telephone: z.string().nullable(),
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
  /** recu | en_examen | accepte | refuse (PROJECT_STATUSES). */
  status: z.string(),
  telephone: z.string().nullable(),
  /** The last reply sent to the applicant, if any. */
  status_message: z.string().nullable(),
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

export type PublicTestimonial = z.infer<typeof publicTestimonialSchema>;
export type PublicVolunteer = z.infer<typeof publicVolunteerSchema>;
export type AdminTestimonial = z.infer<typeof adminTestimonialSchema>;
export type UnconfirmedVolunteer = z.infer<typeof unconfirmedVolunteerSchema>;
export type Project = z.infer<typeof projectSchema>;
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type Subscriber = z.infer<typeof subscriberSchema>;
