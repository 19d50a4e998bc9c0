import { useEffect, useState } from 'react';

// The home page's two public reads, without TanStack Query: keeping react-query (~12 KB gzip) out of the
// home route's first load matters more on slow mobile data than its cache features do for two lists.
const cache = new Map<string, unknown>();
const inFlight = new Map<string, Promise<unknown>>();

/**
 * Fetches once per page load (shared between mounts); `data` is undefined until it arrives. A failed fetch leaves it
 * undefined (the page keeps its loading text, docs/product/errors.md) and is not cached, so the next mount asks again.
 */
export function usePublicData<T>(key: string, fetcher: () => Promise<T>): { data: T | undefined } {
  const [data, setData] = useState<T | undefined>(() => cache.get(key) as T | undefined);
  useEffect(() => {
    if (cache.has(key)) return;
    let isActive = true;
    let promise = inFlight.get(key) as Promise<T> | undefined;
    if (!promise) {
      promise = fetcher().then(
        (value) => {
          cache.set(key, value);
          inFlight.delete(key);
          return value;
        },
        (error: unknown) => {
          inFlight.delete(key);
          throw error;
        },
      );
      inFlight.set(key, promise);
    }
    promise.then(
      (value) => {
        if (isActive) setData(value);
      },
      () => {}, // the loader has logged it; `data` stays undefined
    );
    return () => {
      isActive = false;
    };
  }, [key, fetcher]);
  return { data };
}
