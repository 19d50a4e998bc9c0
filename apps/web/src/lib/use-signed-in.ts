import { useSyncExternalStore } from 'react';
import { session } from './session';

/**
 * The signed-in role, or null. On the server and during hydration it is null (prerendered pages are
 * the same for everyone), then the stored session is read: no hydration mismatch.
 */
export function useSignedInRole(): string | null {
  return useSyncExternalStore(
    session.subscribe,
    () => (session.token() ? (session.role() ?? '') : null),
    () => null,
  );
}
