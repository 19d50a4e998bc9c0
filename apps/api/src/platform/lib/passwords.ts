import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { type Algorithm, hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { BoundedQueue, type QueueLimits } from './bounded-queue';

// Argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane). @node-rs/argon2 ships its compiled binary in
// per-platform npm packages (nothing downloaded at install) and runs on libuv's thread pool. Hashes made
// before (scrypt$N$r$p$salt$key) still verify and are replaced at the next successful login (needsRehash).

/** Argon2id memory in KiB: OWASP's 19 MiB. Tests lower it through config.passwordCost. */
export const ARGON2_MEMORY_KIB = 19_456;
const ARGON2_PASSES = 2;
const ARGON2_LANES = 1;

/**
 * Every hash and verification goes through one bounded queue: as many at once as libuv has threads (more
 * would only queue inside libuv, invisible), a bounded waiting list, then 503 + Retry-After. A burst of
 * wrong passwords cannot make another person's login wait for seconds.
 */
export const DEFAULT_PASSWORD_QUEUE: QueueLimits = {
  concurrency: Math.max(1, Number(process.env.UV_THREADPOOL_SIZE) || 4),
  maxWaiting: 64,
};
/** Exported for tests that need to hold its slots. */
export const passwordQueue = new BoundedQueue(DEFAULT_PASSWORD_QUEUE);

/** Set once by buildApp from the configuration. */
export function configurePasswordQueue(limits: QueueLimits): void {
  passwordQueue.configure(limits);
}

export function hashPassword(password: string, memoryKib: number = ARGON2_MEMORY_KIB): Promise<string> {
  return passwordQueue.run(() =>
    argon2Hash(password.normalize('NFKC'), {
      algorithm: 2 satisfies Algorithm.Argon2id, // a const enum in the typings: its value, checked by the compiler
      memoryCost: memoryKib,
      timeCost: ARGON2_PASSES,
      parallelism: ARGON2_LANES,
    }),
  );
}

export function verifyPassword(password: string, stored: string): Promise<boolean> {
  return passwordQueue.run(async () => {
    if (stored.startsWith('$argon2id$')) {
      try {
        return await argon2Verify(stored, password.normalize('NFKC'));
      } catch {
        return false; // a malformed stored hash never matches
      }
    }
    return verifyScrypt(password, stored);
  });
}

/** True when the stored hash is not Argon2id with the current memory cost (a scrypt hash from before). */
export function needsRehash(stored: string, memoryKib: number = ARGON2_MEMORY_KIB): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(stored);
  return !match || Number(match[1]) !== memoryKib || Number(match[2]) !== ARGON2_PASSES || Number(match[3]) !== ARGON2_LANES;
}

// Legacy scrypt hashes (kept only to verify them once more before they are replaced).
function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return Promise.resolve(false);
  const expected = Buffer.from(key, 'base64');
  const N = Number(n);
  const R = Number(r);
  return new Promise((resolve) => {
    scrypt(
      password.normalize('NFKC'),
      Buffer.from(salt, 'base64'),
      expected.length || 32,
      { N, r: R, p: Number(p), maxmem: 256 * N * R + 1024 * 1024 },
      (err, actual) => resolve(!err && actual.length === expected.length && timingSafeEqual(actual, expected)),
    );
  });
}

export function generatePassword(): string {
  // 18 random bytes → 24 URL-safe characters (~144 bits).
  return randomBytes(18).toString('base64url');
}
