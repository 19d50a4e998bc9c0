import type { DB } from '../../platform/database/database';

// Commands received by SMS (migration 20261129_0600): the number and the command word, for the hourly limit.

/** Records a command; false when a command with this message id was already recorded (a replay or a retry). */
export async function recordSmsCommand(
  db: DB,
  telephone: string,
  command: string,
  at: string,
  messageSid: string | null,
): Promise<boolean> {
  const result = await db
    .insertInto('sms_commands')
    .values({ telephone, command, created_at: at, message_sid: messageSid })
    .onConflict((oc) => oc.column('message_sid').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
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
