import { AsyncLocalStorage } from 'node:async_hooks';

// The client address of the request being handled, reachable from services (the audit trail records it)
// without threading it through every function. Set around each route handler by the operations hooks.
const storage = new AsyncLocalStorage<{ ip: string }>();

export function runWithRequestContext<T>(context: { ip: string }, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestIp(): string | null {
  return storage.getStore()?.ip ?? null;
}
