// Seeds realistic volumes straight into the SQLite file of a migrated product: batched prepared inserts in
// transactions (100 000 rows in about a second). Columns added by later migrations get a neutral value when
// they are NOT NULL without a default, so the seeder keeps working as the schema grows.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { hashSync as argon2HashSync } from '@node-rs/argon2';

const require = createRequire(import.meta.url);
const SQLite = require('better-sqlite3');

export const SEED_PASSWORD = 'Mot-de-passe-Banc-1';
/** Seeded accounts the login benchmark signs in as, one telephone per request (each is confirmed, not first login). */
export const SEED_LOGINS = 1000;
/** The i-th seeded account's telephone, in the stored E.164 form (`+229016` and 7 digits from 1 000 000). */
export const seedTelephone = (i) => `+229016${String(1_000_000 + i).padStart(7, '0')}`;

/** The product's password format at its production cost (apps/api/src/platform/lib/passwords.ts): Argon2id, OWASP's parameters. */
export function productionHash(password) {
  return argon2HashSync(password.normalize('NFKC'), { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

const FIRST = ['Awa', 'Koffi', 'Aïcha', 'Sèna', 'Rodrigue', 'Fifamè', 'Mawuli', 'Chantal', 'Éric', 'Bénédicte', 'Gildas', 'Nafissatou'];
const LAST = ['Adjovi', 'Houngbédji', 'Zinsou', 'Agbodjan', 'Dossou', 'Kpadé', 'Soglo', 'Tchibozo', 'Ahouandjinou', 'Gbaguidi'];
const ZONES = ['Cotonou', 'Porto-Novo', 'Parakou', 'Abomey-Calavi', 'Bohicon', 'Natitingou', 'Ouidah', 'Djougou'];
const PURPOSES = ['alimentation', 'education', 'logement', 'vetement', 'sante', 'protection', 'autres'];
const PAYMENT_TYPES = ['cotisation', 'adhesion'];
const STATUSES = ['approved', 'approved', 'approved', 'pending', 'declined', 'canceled'];
const ROLES = [
  'membre',
  'membre',
  'membre',
  'membre',
  'sympathisant',
  'consommateur',
  'prestataire_physique',
  'prestataire_morale',
  'conseiller',
];

const pick = (list, i) => list[i % list.length];
const nameOf = (i) => `${pick(FIRST, i)} ${pick(LAST, Math.floor(i / FIRST.length))}`;
const zoneKey = (z) =>
  z
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
/** Timestamps spread over the last two years, strictly increasing with i (ISO text like the product writes). */
const since = Date.now() - 2 * 365 * 24 * 3600 * 1000;
const at = (i, n) => new Date(since + Math.floor((i / n) * 2 * 365 * 24 * 3600 * 1000)).toISOString();

function inserter(db, table, rowOf) {
  const cols = db.prepare(`pragma table_info(${table})`).all();
  const sample = rowOf(0);
  // Required columns this seeder does not know (added by a later migration) get a neutral value.
  const extra = Object.fromEntries(
    cols
      .filter((c) => c.notnull && c.dflt_value === null && !c.pk && !(c.name in sample))
      .map((c) => [c.name, /INT/i.test(c.type) ? 0 : '']),
  );
  const names = [...Object.keys(sample), ...Object.keys(extra)];
  const stmt = db.prepare(`insert into ${table} (${names.join(', ')}) values (${names.map((n) => `@${n}`).join(', ')})`);
  return (n) => {
    const BATCH = 10_000;
    for (let start = 0; start < n; start += BATCH) {
      db.transaction(() => {
        for (let i = start; i < Math.min(n, start + BATCH); i++) stmt.run({ ...rowOf(i), ...extra });
      })();
    }
  };
}

export function seedDatabase(file, volumes = {}) {
  const v = { users: 100_000, donations: 100_000, payments: 100_000, testimonials: 1000, volunteers: 1000, ...volumes };
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 10000');
  const started = Date.now();
  const sharedHash = productionHash(SEED_PASSWORD);
  const firstUserId = (db.prepare('select coalesce(max(id), 0) m from users').get().m ?? 0) + 1;

  inserter(db, 'users', (i) => {
    const zone = pick(ZONES, i);
    return {
      name: nameOf(i),
      email: `utilisateur.${i}@exemple.bj`,
      telephone: seedTelephone(i),
      password_hash: sharedHash,
      role: i === 0 ? 'membre' : pick(ROLES, i),
      zone,
      zone_key: zoneKey(zone),
      is_confirmed: i % 10 === 9 ? 0 : 1,
      first_login: 0,
      created_at: at(i, v.users),
      updated_at: at(i, v.users),
    };
  })(v.users);

  const money = (table, extra) =>
    inserter(db, table, (i) => {
      const status = pick(STATUSES, i);
      return {
        amount: 500 + ((i * 7919) % 200) * 500,
        name: nameOf(i + 3),
        email: `donateur.${i}@exemple.bj`,
        phone: `+229019${String(i).padStart(7, '0')}`,
        currency: 'XOF',
        transaction_status: status,
        transaction_id: `${table}-tx-${i}`,
        provider: 'sandbox',
        is_verified: status === 'approved' ? 1 : 0,
        receipt_number: status === 'approved' ? `${table === 'donations' ? 'DON' : 'PAI'}-2025-${String(i).padStart(6, '0')}` : null,
        paid_at: status === 'approved' ? at(i, v[table]) : null,
        deleted_at: null,
        deleted_by: null,
        created_at: at(i, v[table]),
        updated_at: at(i, v[table]),
        ...extra(i),
      };
    })(v[table]);
  money('donations', (i) => ({ purpose: pick(PURPOSES, i) }));
  money('payments', (i) => ({ payment_type: pick(PAYMENT_TYPES, i), user_id: firstUserId + (i % v.users) }));

  inserter(db, 'testimonials', (i) => ({
    text: `Grâce à l’association, ma famille a retrouvé l’espoir. Témoignage n° ${i} : merci à tous les bénévoles de ${pick(ZONES, i)}.`,
    author: nameOf(i),
    title: pick(['Bénéficiaire', 'Bénévole', 'Donatrice', 'Partenaire'], i),
    avatar: `avatars/${randomUUID()}.webp`,
    is_published: 1,
    created_at: at(i, v.testimonials),
  }))(v.testimonials);

  inserter(db, 'volunteers', (i) => ({
    name: nameOf(i + 7),
    email: `benevole.${i}@exemple.bj`,
    profile_image: `volunteer-profile-images/${randomUUID()}.webp`,
    cv: `cv/${randomUUID()}.pdf`,
    motivation_letter: `motivation_letter/${randomUUID()}.pdf`,
    criminal_record: `criminal_record/${randomUUID()}.pdf`,
    domain: pick(['education', 'alimentation', 'sante', 'environnement', 'autre'], i),
    under_restriction: 0,
    restriction_proof: null,
    is_confirmed: 1,
    created_at: at(i, v.volunteers),
  }))(v.volunteers);

  db.exec('analyze');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { ...v, ms: Date.now() - started };
}
