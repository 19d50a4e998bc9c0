// A unique (or primary-key) constraint failure, on SQLite and PostgreSQL alike. The database constraint is what
// decides between two concurrent writes of the same key; callers turn the loser's error into a 422 or a no-op.

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e || typeof e !== 'object') return false;
  return (
    e.code === '23505' ||
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    (e.code === 'SQLITE_CONSTRAINT' && /UNIQUE/i.test(e.message ?? ''))
  );
}
