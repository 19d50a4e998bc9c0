/** A route's hook option (onRequest, preHandler, onSend…) holds one hook or several: always as a list. */
export function hookList<T>(hooks: T | readonly T[] | null | undefined): T[] {
  if (!hooks) return [];
  return Array.isArray(hooks) ? [...hooks] : [hooks as T];
}
