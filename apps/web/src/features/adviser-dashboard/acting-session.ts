import { ACTING_AS_KEY, session } from '@web/lib/session';

// Which user the adviser is acting as. The token itself is the spec's `consumerToken` (localStorage);
// the user's id and name live for the tab only, so a reload keeps the welcome panel.
const KEY = ACTING_AS_KEY;

export interface ActingAs {
  id: number;
  name: string;
  token: string;
}

export function readActingAs(): ActingAs | null {
  const token = session.consumerToken();
  if (!token) return null;
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { id?: unknown; name?: unknown } | null;
    if (stored && typeof stored.id === 'number' && typeof stored.name === 'string') return { id: stored.id, name: stored.name, token };
  } catch {
    // A damaged entry is treated as absent.
  }
  return null;
}

export function saveActingAs(value: ActingAs): void {
  session.setConsumerToken(value.token);
  sessionStorage.setItem(KEY, JSON.stringify({ id: value.id, name: value.name }));
}

export function clearActingAs(): void {
  session.clearConsumerToken();
  sessionStorage.removeItem(KEY);
}
