import type { DB } from '../database/database';
import { type ListVersions, openListVersions } from '../database/list-versions';
import type { PageQuery } from './pagination';
import type { Precompressed } from './precompressed';

/**
 * The public lists (published testimonials, confirmed volunteers) are the same for every visitor and change only
 * when an administrator moderates: their rendered pages (JSON body + total) are kept in memory and served as long
 * as the list's version in `public_list_versions` is unchanged. Database triggers raise that version in the same
 * transaction as any change to a visible row, so a write from anywhere (this process, another one, a script)
 * invalidates the pages at once; each read costs one primary-key lookup instead of the page query, the COUNT(*)
 * over the whole list and the serialisation. The lookup is database/list-versions.ts (injected as `versions`): on
 * SQLite under load one lookup serves the reads of the next millisecond: a change made by this process still shows
 * on the very next read (any statement it runs on SQLite forces a new lookup), a change by another process within
 * VERSION_REUSE_MS (docs/decisions/public-list-cache.md).
 */

export type PublicList = 'testimonials' | 'volunteers';

export interface RenderedPage {
  /** The response body, serialised with the route's response schema, encoded (UTF-8) and compressed once, not per request. */
  body: Precompressed;
  total: number;
}

/** A page and the list version it was rendered at. */
export interface VersionedPage extends RenderedPage {
  version: number;
}

export interface PublicListCache {
  page(list: PublicList, query: PageQuery, render: () => Promise<RenderedPage>): Promise<VersionedPage>;
  /** The list's current version (the check every cached answer makes). */
  version(list: PublicList): Promise<number>;
  /** The same without a promise, where the engine allows it (SQLite); undefined otherwise. */
  versionNow(list: PublicList): number | undefined;
  /** Closes the SQLite read connection, if any. */
  close(): void;
}

/**
 * SQLite: how long a version read is reused by the following reads, as long as this process has run no statement
 * in between. Each lookup is a read transaction on the file (~2 µs, locks taken with system calls), which was
 * the largest single cost of a cached read; the bound is how late another process's change can show here.
 */
export const VERSION_REUSE_MS = 1;

export function createPublicListCache(
  db: DB,
  {
    maxEntries = 200,
    versionReuseMs = VERSION_REUSE_MS,
    versions = openListVersions(db, versionReuseMs),
  }: { maxEntries?: number; versionReuseMs?: number; versions?: ListVersions } = {},
): PublicListCache {
  const entries = new Map<string, VersionedPage>();
  // Concurrent misses of one page at one version share a single render instead of all querying at once.
  const pending = new Map<string, { version: number; promise: Promise<VersionedPage> }>();
  const currentVersion = (list: PublicList) => versions.read(list);

  function remember(key: string, entry: VersionedPage): void {
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
  }

  return {
    async page(list, query, render) {
      // Read before the page: a write that lands in between leaves a newer page under an older version, which
      // the next read simply replaces; never an older page under a newer version.
      const version = await currentVersion(list);
      const key = `${list}:${query.page}:${query.per_page}`;
      const hit = entries.get(key);
      if (hit?.version === version) return hit;
      const inFlight = pending.get(key);
      if (inFlight?.version === version) return inFlight.promise;
      const promise = render().then(
        (rendered) => {
          const page = { ...rendered, version };
          if (pending.get(key)?.promise === promise) pending.delete(key);
          const stored = entries.get(key);
          if (!stored || stored.version <= version) remember(key, page);
          return page;
        },
        (error: unknown) => {
          if (pending.get(key)?.promise === promise) pending.delete(key);
          throw error;
        },
      );
      pending.set(key, { version, promise });
      return promise;
    },
    version: currentVersion,
    versionNow: (list) => versions.readNow(list),
    close() {
      versions.close();
    },
  };
}
