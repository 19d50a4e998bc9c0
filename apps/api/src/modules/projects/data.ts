import type { Insertable } from 'kysely';
import type { DB } from '../../platform/database/database';
import type { ProjectsTable } from '../../platform/database/schema';
import { keptCount } from '../../platform/database/kept-counts';
import { newestFirstSeek, type SeekPageQuery } from '../../platform/lib/pagination';

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
export const countNewProjects = (db: DB): Promise<number> => keptCount(db, ['projects:status:recu']);

export async function insertProject(db: DB, values: Insertable<ProjectsTable>): Promise<void> {
  await db.insertInto('projects').values(values).execute();
}

/** One page of projects, newest first by seek (platform/lib/pagination.ts), the kept total (migration 20261127_0400). */
export async function pageOfProjects(db: DB, page: SeekPageQuery) {
  const total = await keptCount(db, ['projects']);
  const { rows, next } = await newestFirstSeek(db.selectFrom('projects').select(PROJECT_COLUMNS), page, total);
  return { items: rows, total, next };
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
