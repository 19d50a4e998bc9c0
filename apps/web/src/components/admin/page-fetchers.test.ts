import { describe, expect, it } from 'vitest';
import { concatenatedFetcher, type PageFetcher } from './page-fetchers';

// An in-memory list paged like the server (page, per_page, q; total of the filtered list).
const listOf = (prefix: string, n: number): { fetcher: PageFetcher<string>; calls: number[] } => {
  const rows = Array.from({ length: n }, (_, i) => `${prefix}${i}`);
  const calls: number[] = [];
  return {
    calls,
    fetcher: async ({ page, perPage, q }) => {
      calls.push(page);
      const filtered = rows.filter((r) => r.includes(q));
      return { items: filtered.slice((page - 1) * perPage, page * perPage), total: filtered.length };
    },
  };
};

describe('concatenatedFetcher', () => {
  it('walks the first list then the second, page after page, without gaps or repeats', async () => {
    const a = listOf('a', 25);
    const b = listOf('b', 37);
    const both = concatenatedFetcher(a.fetcher, b.fetcher);
    const seen: string[] = [];
    for (let page = 1; page <= 7; page += 1) {
      const { items, total } = await both({ page, perPage: 10, q: '' });
      expect(total).toBe(62);
      seen.push(...items);
    }
    expect(seen).toEqual([...Array.from({ length: 25 }, (_, i) => `a${i}`), ...Array.from({ length: 37 }, (_, i) => `b${i}`)]);
  });

  it('passes the search to both lists and adds their totals', async () => {
    const both = concatenatedFetcher(listOf('x', 12).fetcher, listOf('y', 12).fetcher);
    expect(await both({ page: 1, perPage: 20, q: '1' })).toEqual({ items: ['x1', 'x10', 'x11', 'y1', 'y10', 'y11'], total: 6 });
  });

  it('handles an empty first list', async () => {
    const both = concatenatedFetcher(listOf('a', 0).fetcher, listOf('b', 3).fetcher);
    expect(await both({ page: 1, perPage: 20, q: '' })).toEqual({ items: ['b0', 'b1', 'b2'], total: 3 });
  });
});
