import { randomBytes, scrypt } from 'node:crypto';

/** A password hash in the format stored before Argon2id (scrypt$N$r$p$salt$key), for tests of the upgrade path. */
export function legacyScryptHash(password: string, N = 2 ** 10): Promise<string> {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, 32, { N, r: 8, p: 1, maxmem: 256 * N * 8 + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(`scrypt$${N}$8$1$${salt.toString('base64')}$${key.toString('base64')}`),
    );
  });
}
