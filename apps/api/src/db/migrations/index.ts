import type { Migration } from 'kysely';
import * as initial from './20261121_0001_initial';

// Explicit, ordered list: a migration is registered here once and never edited afterwards.
export const migrations: Record<string, Migration> = {
  '20261121_0001_initial': initial,
};
