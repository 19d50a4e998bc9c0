import type { LightMyRequestResponse } from 'fastify';

/**
 * Every page of a list read by seek: `url` (with its per_page), then `after=` each X-Next-Cursor until a page answers
 * none (an error answers none), at most `most` pages. The answers, in the order read.
 */
export async function walkAll(
  get: (url: string) => Promise<LightMyRequestResponse>,
  url: string,
  most = 1000,
): Promise<LightMyRequestResponse[]> {
  const separator = url.includes('?') ? '&' : '?';
  const pages = [await get(url)];
  for (let next = pages[0]!.headers['x-next-cursor']; next && pages.length < most; next = pages.at(-1)!.headers['x-next-cursor'])
    pages.push(await get(`${url}${separator}after=${encodeURIComponent(String(next))}`));
  return pages;
}
