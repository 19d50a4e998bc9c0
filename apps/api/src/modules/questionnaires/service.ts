import type { Questionnaire } from '@shared/schemas/questionnaire';
import { type DB, nowIso } from '../../platform/database/database';
import { markFirstLoginDone } from '../accounts';
import { replaceQuestionnaire } from './data';

/** Keeps one questionnaire per consumer (the latest answers) and ends the first login, atomically. */
export async function submitQuestionnaire(db: DB, userId: number, input: Questionnaire): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await replaceQuestionnaire(trx, {
      user_id: userId,
      marital_status: input.marital_status,
      job: input.job,
      income: input.income,
      income_total: input.income_total,
      monthly_expenses: input.monthly_expenses,
      needs: JSON.stringify(input.needs),
      created_at: nowIso(),
    });
    await markFirstLoginDone(trx, userId);
  });
}
