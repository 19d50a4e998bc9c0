import { z } from '../zod-fr';

// Year-end tax receipts: one summary per donor (identified by telephone) for a calendar year.

export const yearQuerySchema = z.object({
  year: z.coerce
    .number<string | number>({ error: 'Veuillez choisir une année valide.' })
    .int()
    .min(2000, 'Veuillez choisir une année valide.')
    .max(2100, 'Veuillez choisir une année valide.'),
});

export const yearDonorSchema = z.object({
  telephone: z.string(),
  name: z.string().nullable(),
  total: z.number(),
  count: z.number(),
});
export type YearDonor = z.infer<typeof yearDonorSchema>;
