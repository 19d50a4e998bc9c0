// `npm run encrypt-files`: encrypts the volunteer documents stored before encryption at rest, and re-encrypts under
// DATA_ENCRYPTION_KEY those under a key now listed in DATA_ENCRYPTION_KEYS_OLD (docs/decisions/encryption-at-rest.md).
// Idempotent: a file already under the current key is left alone; it may run while the server serves.
import { loadConfigOrExit } from '../apps/api/src/platform/config';
import { createStorage } from '../apps/api/src/platform/storage/create-storage';
import { encryptStoredFiles } from '../apps/api/src/platform/storage/encrypted-storage';

const config = loadConfigOrExit();
const storage = await createStorage(config, (message) => console.log(message));
const report = await encryptStoredFiles(storage, (key, error) =>
  console.error(`${key} : ${error instanceof Error ? error.message : String(error)}`),
);
console.log(
  `Documents chiffrés : ${report.encrypted} ; rechiffrés sous la clé actuelle : ${report.rotated} ; ` +
    `déjà chiffrés : ${report.unchanged} ; en échec : ${report.failed}.`,
);
process.exit(report.failed > 0 ? 1 : 0);
