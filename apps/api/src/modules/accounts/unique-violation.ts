import { isUniqueViolation } from '../../platform/database/unique-violation';

// Turns a unique-constraint failure on users into the field it concerns, on SQLite and PostgreSQL alike.
// The database constraint is what decides between two concurrent registrations; this names the loser's field.

export type IdentifierField = 'email' | 'telephone';

export function uniqueViolationField(error: unknown): IdentifierField | null {
  if (!isUniqueViolation(error)) return null;
  const e = error as { message?: string; constraint?: string; detail?: string };
  const text = `${e.constraint ?? ''} ${e.detail ?? ''} ${e.message ?? ''}`;
  if (/telephone/i.test(text)) return 'telephone';
  if (/email/i.test(text)) return 'email';
  return null;
}
