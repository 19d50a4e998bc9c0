import type { ProjectFields } from '@shared/schemas/project';
import { type DB, nowIso } from '../../platform/database/database';
import type { SeekPageQuery } from '../../platform/lib/pagination';
import type { Storage } from '../../platform/storage/storage';
import { type ReceivedFile, storeThenCommit } from '../../platform/uploads/uploads';
import { PROJECT_STATUS_LABELS, type ProjectStatus } from '@shared/constants';
import { PROJECT_STATUS_MESSAGES } from '@shared/schemas/project';
import { notFound } from '../../platform/lib/http-errors';
import { type AuditActor, recordAudit } from '../audit';
import { notifyPerson } from '../messages';
import { findProject, insertProject, pageOfProjects, updateProjectStatus } from './data';

/** Stores the file (if any) and the row together. */
export async function submitProject(db: DB, storage: Storage, fields: ProjectFields, file: ReceivedFile | undefined): Promise<void> {
  const files = file ? [{ field: 'project_file' as const, area: 'projects' as const, file }] : [];
  await storeThenCommit(storage, files, async (names) => {
    await insertProject(db, {
      project_name: fields.project_name,
      description: fields.description,
      goal_amount: Number(fields.goal_amount),
      category: fields.category,
      contact_email: fields.contact_email,
      telephone: fields.telephone ?? null,
      project_file: names.project_file ?? null,
      created_at: nowIso(),
    });
  });
}

/** Submitted projects for administrators ("Les Projets"), newest first. */
export const listProjects = (db: DB, page: SeekPageQuery) => pageOfProjects(db, page);

/** What the applicant reads when their project's status changes. */
export function projectStatusNotice(project: { id: number; project_name: string }, status: ProjectStatus, message: string | null) {
  const label = PROJECT_STATUS_LABELS[status].toLowerCase();
  const sms = `ASBE : votre projet « ${project.project_name} » est ${label}.${message ? ` ${message}` : ''}`;
  return {
    subject: `Votre projet « ${project.project_name} » : ${PROJECT_STATUS_LABELS[status]}`,
    sms,
    text: `Bonjour,\n\nVotre projet « ${project.project_name} » est maintenant : ${label}.${message ? `\n\n${message}` : ''}\n\nL’équipe ASBE`,
  };
}

/**
 * An administrator sets a project's status (docs/product): audited, and the applicant gets
 * the status and the reply at contact_email, and by SMS when the project gave a telephone — through the outbox,
 * in the same transaction. Setting the same status with no message sends nothing.
 */
export async function setProjectStatus(db: DB, admin: AuditActor, id: number, status: ProjectStatus, message: string | null) {
  const before = await findProject(db, id);
  if (!before) throw notFound(PROJECT_STATUS_MESSAGES.notFound);
  const notify = before.status !== status || message !== null;
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await updateProjectStatus(trx, id, { status, status_message: message ?? before.status_message, status_changed_at: now });
    await recordAudit(trx, {
      actorId: admin.id,
      ip: admin.ip,
      actingId: admin.actingId,
      action: 'project.status',
      entity: 'projects',
      entityId: id,
      before: { status: before.status },
      after: { status, message },
    });
    if (notify) {
      await notifyPerson(
        trx,
        { telephone: before.telephone, email: before.contact_email?.trim() || null },
        { ...projectStatusNotice(before, status, message), dedupeKey: `project-status:${id}:${now}` },
      );
    }
  });
  const project = (await findProject(db, id))!;
  return { project, message: notify ? PROJECT_STATUS_MESSAGES.updatedAndSent : PROJECT_STATUS_MESSAGES.updated };
}
