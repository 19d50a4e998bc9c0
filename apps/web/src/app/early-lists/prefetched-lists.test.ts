import vm from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageFetcher } from '@web/components/admin/page-fetchers';
import { PREFETCH_MAX_AGE_MS, takePrefetched } from '@web/lib/prefetched';
import { bundleListPrefetch, EARLY_SCRIPT_MAX_BYTES } from '../../../../../scripts/lib/dashboard-pages.mjs';

// The dashboards' early script (apps/web/src/app/early-lists/list-prefetch.ts) asks for a view's first page before the
// app code arrives; the app only uses that answer when it asks for the very same URL, so the two must build URLs alike.
// The script is bundled by the build's own function (scripts/lib/dashboard-pages.mjs) and run in a bare context.

const SCRIPT = bundleListPrefetch();

/** Runs list-prefetch.ts for an address and returns the URLs it asked for. */
function prefetchedUrls(pathname: string, search: string): string[] {
  const asked: string[] = [];
  const context = {
    localStorage: { getItem: (key: string) => (key === 'token' ? 'jeton' : null) },
    location: { pathname, search },
    URLSearchParams,
    document: { currentScript: null, head: { appendChild: () => {} }, getElementById: () => null, readyState: 'complete' },
    fetch: (url: string) => {
      asked.push(url);
      return new Promise(() => {});
    },
    requestAnimationFrame: () => 0,
    setTimeout: () => 0,
    window: {} as Record<string, unknown>,
  };
  vm.runInNewContext(SCRIPT, { ...context, window: context.window });
  return asked;
}

/** The URL the app's fetcher asks for its first page. */
async function appUrl(pathName: string, extra: Record<string, string> = {}, perPage = 20): Promise<string> {
  let url = '';
  vi.stubGlobal('fetch', async (u: string) => {
    url = u;
    return new Response('[]', { headers: { 'x-total-count': '0' } });
  });
  await pageFetcher(pathName, extra)({ page: 1, perPage, q: '' });
  return url;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the early script asks for what the app asks for', () => {
  it.each([
    ['membres', '/users', { role: 'membre' }],
    ['sympathisants', '/users', { role: 'sympathisant' }],
    ['conseillers', '/users', { role: 'conseiller' }],
    ['confirmer-compte', '/confirmation/unconfirmed', {}],
    ['confirmer-volontaire', '/volunteers/unconfirmed', {}],
    ['projets', '/projects/unconfirmed', {}],
    ['paiements', '/payments', {}],
    ['dons', '/donations', {}],
    ['temoignages', '/admin/testimonials', { status: 'pending' }],
    ['messages', '/contact-messages', { status: 'nouveau' }],
  ])('?vue=%s', async (view, pathName, extra) => {
    const urls = prefetchedUrls('/dashboard-administrateur', `?vue=${view}`);
    expect(urls).toContain(await appUrl(pathName, extra));
    expect(urls).toContain('/api/profile');
  });

  it('the one list of both provider roles in « Les Prestataires »', async () => {
    const urls = prefetchedUrls('/dashboard-administrateur', '?vue=prestataires');
    expect(urls).toContain(await appUrl('/users', { group: 'prestataires' }));
  });

  it("the landing view's counts and the adviser's users", () => {
    expect(prefetchedUrls('/dashboard-administrateur', '')).toEqual(['/api/admin/waiting', '/api/profile']);
    expect(prefetchedUrls('/dashboard-conseiller', '')).toEqual(['/api/users/created?page=1&per_page=20', '/api/profile']);
    expect(prefetchedUrls('/dashboard-conseiller', '?vue=profil')).toEqual([]);
  });
});

describe('the early script stays light', () => {
  // Inlined and run before the first row: a list definition importing a value from a zod schema file (project
  // statuses did) put zod and its locales in it, ~470 KB, and the members' first row came 2.5× later.
  it('holds no validation library and stays under its ceiling', () => {
    expect(/zod/i.test(SCRIPT)).toBe(false);
    expect(Buffer.byteLength(SCRIPT)).toBeLessThan(EARLY_SCRIPT_MAX_BYTES);
  });
});

describe('takePrefetched', () => {
  const response = Promise.resolve(new Response('[]'));
  const store = (at: number) => {
    vi.stubGlobal('window', { __asbePrefetch: { '/api/x': { token: 'jeton', at, response } } });
  };

  it('hands the response over once, for the same token', () => {
    store(Date.now());
    expect(takePrefetched('/api/x', 'jeton')).toBe(response);
    expect(takePrefetched('/api/x', 'jeton')).toBeNull();
  });

  it('refuses another token, another URL, or an answer older than the limit', () => {
    store(Date.now());
    expect(takePrefetched('/api/y', 'jeton')).toBeNull();
    expect(takePrefetched('/api/x', 'autre')).toBeNull();
    store(Date.now() - PREFETCH_MAX_AGE_MS - 1);
    expect(takePrefetched('/api/x', 'jeton')).toBeNull();
  });
});
