import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageFetcher } from '@web/components/admin/page-fetchers';

// A search the server counted up to its cap (X-Total-Count-Capped) reaches the list as `capped`, which then says
// « Plus de 500 résultats » (LIST_MESSAGES.cappedTotal) (list-panel.tsx).

afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = (headers: Record<string, string>) => vi.stubGlobal('fetch', async () => new Response('[{"id":1}]', { headers }));

describe('a list page read with its total', () => {
  it('is capped when the server says so, and exact otherwise', async () => {
    answer({ 'x-total-count': '10000', 'x-total-count-capped': 'true' });
    expect(await pageFetcher('/donations')({ page: 1, perPage: 20, q: 'zinsou' })).toEqual({
      items: [{ id: 1 }],
      total: 10_000,
      capped: true,
    });
    answer({ 'x-total-count': '12' });
    expect(await pageFetcher('/donations')({ page: 1, perPage: 20, q: 'adjovi' })).toEqual({ items: [{ id: 1 }], total: 12 });
  });
});
