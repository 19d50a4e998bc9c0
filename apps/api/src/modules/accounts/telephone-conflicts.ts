import { toE164 } from '@shared/phone';
import { TELEPHONE_CONFLICT_MESSAGES, type TelephoneConflict } from '@shared/schemas/telephone-conflicts';
import { type DB, nowIso } from '../../platform/database/database';
import { conflict, notFound } from '../../platform/lib/http-errors';
import { type PageQuery, pageOffset } from '../../platform/lib/pagination';
import { type AuditActor, recordAudit } from '../audit';
import {
  findOpenTelephoneReport,
  findTakenIdentifiers,
  markReportResolved,
  pageOfOpenTelephoneReports,
  updateUser,
  usersByIds,
} from './data';

// The telephone conflicts migration 20261126_0100 reported instead of guessing (docs/decisions/telephones-e164.md):
// while two accounts answer to one number neither can log in or recover by telephone. The administrator gives
// each its own number (PATCH /api/users/{id}), then marks the conflict resolved: refused while it still holds.

type Report = { id: number; kind: string; detail: string; created_at: string };
type Account = Awaited<ReturnType<typeof usersByIds>>[number];

const idsOf = (report: Report): number[] => {
  const detail = JSON.parse(report.detail) as { ids?: unknown };
  return Array.isArray(detail.ids) ? detail.ids.filter((id): id is number => typeof id === 'number') : [];
};

/** Whether the report still describes the accounts: two share a number, or the invalid one is still no number. */
function stillHolds(kind: string, accounts: Account[]): boolean {
  if (kind === 'telephone_invalid') return accounts.some((a) => toE164(a.telephone) === null);
  const seen = new Set<string>();
  for (const a of accounts) {
    const e164 = toE164(a.telephone);
    if (e164 === null) continue;
    if (seen.has(e164)) return true;
    seen.add(e164);
  }
  return false;
}

function shape(report: Report, accounts: Account[]): TelephoneConflict {
  const detail = JSON.parse(report.detail) as { e164?: string | null };
  return {
    id: report.id,
    kind: report.kind === 'telephone_invalid' ? 'telephone_invalid' : 'telephone_conflict',
    telephone: detail.e164 ?? null,
    accounts: accounts.map((a) => ({ ...a, is_active: a.is_active === 1 })),
    open: stillHolds(report.kind, accounts),
    created_at: report.created_at,
  };
}

export async function pageOfTelephoneConflicts(db: DB, page: PageQuery): Promise<{ items: TelephoneConflict[]; total: number }> {
  const { rows, total } = await pageOfOpenTelephoneReports(db, page.per_page, pageOffset(page));
  const accounts = new Map((await usersByIds(db, [...new Set(rows.flatMap(idsOf))])).map((a) => [a.id, a]));
  return {
    items: rows.map((r) =>
      shape(
        r,
        idsOf(r).flatMap((id) => accounts.get(id) ?? []),
      ),
    ),
    total,
  };
}

/** How many reports wait for an administrator (« À traiter »). */
export async function openTelephoneConflictCount(db: DB): Promise<number> {
  return (await pageOfOpenTelephoneReports(db, 1, 0)).total;
}

/**
 * Marks a conflict resolved once it no longer holds; the accounts' numbers the migration left as typed are then
 * written in E.164, as it would have done (unless another account already answers to that number). Audited.
 */
export async function resolveTelephoneConflict(db: DB, admin: AuditActor, id: number): Promise<TelephoneConflict> {
  return db.transaction().execute(async (trx) => {
    const report = await findOpenTelephoneReport(trx, id);
    if (!report) throw notFound(TELEPHONE_CONFLICT_MESSAGES.notFound);
    const accounts = await usersByIds(trx, idsOf(report));
    if (stillHolds(report.kind, accounts)) {
      throw conflict(
        report.kind === 'telephone_invalid' ? TELEPHONE_CONFLICT_MESSAGES.stillInvalid : TELEPHONE_CONFLICT_MESSAGES.stillShared,
      );
    }
    const now = nowIso();
    const after: Account[] = [];
    for (const account of accounts) {
      const e164 = toE164(account.telephone);
      if (e164 && e164 !== account.telephone && !(await findTakenIdentifiers(trx, { email: '', telephone: e164 }, account.id)).telephone) {
        await updateUser(trx, account.id, { telephone: e164, updated_at: now });
        after.push({ ...account, telephone: e164 });
      } else after.push(account);
    }
    if (!(await markReportResolved(trx, id, now))) throw notFound(TELEPHONE_CONFLICT_MESSAGES.notFound);
    await recordAudit(trx, {
      actorId: admin.id,
      ip: admin.ip,
      actingId: admin.actingId,
      action: 'telephone_conflict.resolve',
      entity: 'migration_reports',
      entityId: id,
      before: { telephone: accounts.map((a) => a.telephone) },
      after: { telephone: after.map((a) => a.telephone) },
      details: { comptes: accounts.map((a) => ({ name: a.name, role: a.role })) },
    });
    return { ...shape(report, after), open: false };
  });
}
