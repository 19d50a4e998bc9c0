import { LIST_MESSAGES } from '@shared/messages';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListSearchBox } from './list-panel';
import { pageFetcher } from './page-fetchers';
import { searchTerm } from './search-term';

// The API refuses a 1–2 character search (422): the lists do not send one, and the box says why.

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a list search term', () => {
  it('is no search yet at 1–2 characters, counted as characters', () => {
    expect(searchTerm('zq')).toEqual({ q: '', tooShort: true });
    expect(searchTerm('  z ')).toEqual({ q: '', tooShort: true });
    expect(searchTerm('👍👍')).toEqual({ q: '', tooShort: true });
    expect(searchTerm(' zqx ')).toEqual({ q: 'zqx', tooShort: false });
    expect(searchTerm('👍👍👍')).toEqual({ q: '👍👍👍', tooShort: false });
    expect(searchTerm('   ')).toEqual({ q: '', tooShort: false });
  });

  it('is not sent to the server while too short', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(String(url));
      return new Response('[]', { headers: { 'x-total-count': '0' } });
    });
    for (const typed of ['zq', 'zqx']) await pageFetcher('/donations')({ page: 1, perPage: 20, q: searchTerm(typed).q });
    await pageFetcher('/admin/messages', {}, 'to')({ page: 1, perPage: 20, q: searchTerm('ab').q });
    expect(urls[0]).not.toMatch(/[?&]q=/);
    expect(urls[1]).toMatch(/[?&]q=zqx(&|$)/);
    expect(urls[2]).not.toMatch(/[?&]to=/);
  });
});

describe('the list search box', () => {
  const box = (tooShort: boolean) =>
    renderToString(<ListSearchBox id="s" term={tooShort ? 'zq' : 'zqx'} onTermChange={() => {}} tooShort={tooShort} />);

  it('says under the box that the term is too short, in a live region the box points to', () => {
    const html = box(true);
    expect(html).toContain(`<p id="s-hint" role="status" class="mt-1 text-sm text-slate-700">${LIST_MESSAGES.searchTooShort}</p>`);
    expect(html).toMatch(/<input[^>]* aria-describedby="s-hint"/);
  });

  it('says nothing once the term is long enough', () => {
    const html = box(false);
    expect(html).not.toContain(LIST_MESSAGES.searchTooShort);
    expect(html).not.toContain('aria-describedby');
    expect(html).toContain('role="status"');
  });
});
