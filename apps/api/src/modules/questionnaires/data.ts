import type { Insertable } from 'kysely';
import type { DB } from '../../platform/database/database';
import type { QuestionnairesTable } from '../../platform/database/schema';

// The questionnaires area's queries (questionnaires).

/** Replaces the consumer's questionnaire: one per consumer, the latest answers. */
export async function replaceQuestionnaire(trx: DB, values: Insertable<QuestionnairesTable> & { user_id: number }): Promise<void> {
  await trx.deleteFrom('questionnaires').where('user_id', '=', values.user_id).execute();
  await trx.insertInto('questionnaires').values(values).execute();
}
