import type { Insertable } from 'kysely';
import type { DB } from '../../platform/database/database';
import type { ProjectsTable } from '../../platform/database/schema';
import { type PageQuery, newestFirstPage } from '../../platform/lib/pagination';

// The projects area's queries (projects).

const PROJECT_COLUMNS = [
  'id',
  'project_name',
  'description',
  'goal_amount',
  'category',
  'contact_email',
  'project_file',
  'created_at',
  'status',
  'telephone',
  'status_message',
] as const;

export function findProject(db: DB, id: number) {
  return db.selectFrom('projects').select(PROJECT_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function updateProjectStatus(
  db: DB,
  id: number,
  values: { status: string; status_message: string | null; status_changed_at: string },
): Promise<void> {
  await db.updateTable('projects').set(values).where('id', '=', id).execute();
}

/** Projects nobody looked at yet (« À traiter »). */
export async function countNewProjects(db: DB): Promise<number> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'recu')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertProject(db: DB, values: Insertable<ProjectsTable>): Promise<void> {
  await db.insertInto('projects').values(values).execute();
}

export async function pageOfProjects(db: DB, page: PageQuery) {
  const [items, count] = await Promise.all([
    db.selectFrom('projects').select(PROJECT_COLUMNS).$call(newestFirstPage(page)).execute(),
    db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

/** The list's rows for its CSV export. */
export const projectsExportQuery = (db: DB) =>
  db
    .selectFrom('projects')
    .select([
      'id',
      'project_name',
      'description',
      'goal_amount',
      'category',
      'contact_email',
      'telephone',
      'status',
      'status_message',
      'created_at',
    ]);
