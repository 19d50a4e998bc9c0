import type { DB } from '../../platform/database/database';

// Commands received by SMS (migration 20261129_0600): the number and the command word, for the hourly limit.

export async function recordSmsCommand(db: DB, telephone: string, command: string, at: string): Promise<void> {
  await db.insertInto('sms_commands').values({ telephone, command, created_at: at }).execute();
}

export async function countSmsCommandsSince(db: DB, telephone: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('sms_commands')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('telephone', '=', telephone)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Old rows are of no use past the hour they count in. */
export async function pruneSmsCommands(db: DB, before: string): Promise<void> {
  await db.deleteFrom('sms_commands').where('created_at', '<', before).execute();
}
