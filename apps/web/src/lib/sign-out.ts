import { api } from './api-client';
import { session } from './session';

/**
 * Ends the session (docs/product/states.md logout): POST /logout with the bearer, then token and role leave local
 * storage. A server that no longer knows the token, or no network, still signs the browser out.
 * Used where TanStack Query is not loaded (the header of every page).
 */
export async function signOut(): Promise<void> {
  const token = session.token();
  try {
    if (token) await api.post('/logout', undefined, { token });
  } catch {
    // The token is forgotten locally either way; the server drops expired tokens on its own.
  } finally {
    session.clearTokenAndRole();
  }
}
