import type { ProjectFields } from '@shared/schemas/project';
import { type DB, nowIso } from '../../db/database';
import { type PageQuery, newestFirstPage } from '../../lib/pagination';
import { type ReceivedFile, storeThenCommit } from '../../lib/uploads';
import type { Storage } from '../../storage/storage';

/** Stores the file (if any) and the row together. */
export async function submitProject(db: DB, storage: Storage, fields: ProjectFields, file: ReceivedFile | undefined): Promise<void> {
  const files = file ? [{ field: 'project_file' as const, area: 'projects' as const, file }] : [];
  await storeThenCommit(storage, files, async (names) => {
    await db
      .insertInto('projects')
      .values({
        project_name: fields.project_name,
        description: fields.description,
        goal_amount: Number(fields.goal_amount),
        category: fields.category,
        contact_email: fields.contact_email,
        project_file: names.project_file ?? null,
        created_at: nowIso(),
      })
      .execute();
  });
}

/** Submitted projects for administrators ("Les Projets"), newest first. */
export async function listProjects(db: DB, page: PageQuery) {
  const [items, count] = await Promise.all([
    db
      .selectFrom('projects')
      .select(['id', 'project_name', 'description', 'goal_amount', 'category', 'contact_email', 'project_file', 'created_at'])
      .$call(newestFirstPage(page))
      .execute(),
    db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}
