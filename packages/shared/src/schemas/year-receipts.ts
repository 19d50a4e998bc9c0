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

/** The job that makes a year's ZIP of receipts off the request thread: its state, progress (percent) and, once made, its download. */
export const yearReceiptsJobSchema = z.object({
  id: z.number(),
  year: z.number(),
  status: z.enum(['running', 'done', 'failed']),
  done: z.number(),
  total: z.number().nullable(),
  progress: z.number(),
  download_url: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type YearReceiptsJob = z.infer<typeof yearReceiptsJobSchema>;
