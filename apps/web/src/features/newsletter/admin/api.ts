import type { NewsletterAudience, NewsletterSendCreated, NewsletterSendInput } from '@shared/schemas/newsletter-send';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export const NEWSLETTER_SENDS_KEY = ['admin', 'newsletter-sends'] as const;

/** How many subscribers a newsletter sent now would reach. */
export const useNewsletterAudience = () =>
  useQuery({ queryKey: ['admin', 'newsletter-audience'], queryFn: () => api.get<NewsletterAudience>('/admin/newsletters/audience') });

/** Queues a newsletter for every subscriber; the outbox worker delivers it. */
export const sendNewsletter = (values: NewsletterSendInput) => api.post<NewsletterSendCreated>('/admin/newsletters', values);
