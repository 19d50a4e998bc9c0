// Turns a unique-constraint failure on users into the field it concerns, on SQLite and PostgreSQL alike.
// The database constraint is what decides between two concurrent registrations; this names the loser's field.

export type IdentifierField = 'email' | 'telephone';

export function uniqueViolationField(error: unknown): IdentifierField | null {
  const e = error as { code?: string; message?: string; constraint?: string; detail?: string } | null;
  if (!e || typeof e !== 'object') return null;
  const isSqlite = e.code === 'SQLITE_CONSTRAINT_UNIQUE' || (e.code === 'SQLITE_CONSTRAINT' && /UNIQUE/i.test(e.message ?? ''));
  const isPostgres = e.code === '23505';
  if (!isSqlite && !isPostgres) return null;
  const text = `${e.constraint ?? ''} ${e.detail ?? ''} ${e.message ?? ''}`;
  if (/telephone/i.test(text)) return 'telephone';
  if (/email/i.test(text)) return 'email';
  return null;
}
