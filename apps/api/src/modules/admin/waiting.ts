import type { WaitingCounts } from '@shared/schemas/back-office';
import type { DB } from '../../platform/database/database';
import { countNewContactMessages } from '../contact';
import { countPendingModeration, countUnconfirmedUsers } from './data';
import { countPendingExpenses, countProposedExpenseCancellations } from '../treasury';
import { countNewProjects } from '../projects';
import { organisationIncomplete } from '../settings';
import { requestsToHandle } from '../privacy';
import { unmappedZoneCount } from './unmapped-zones';
import { countPendingAccountChanges, openTelephoneConflictCount } from '../accounts';

/** What waits for an administrator (their landing view): always live: indexed counts and whether the organisation’s facts are complete. */
export async function countWaiting(db: DB): Promise<WaitingCounts> {
  const [accounts, pending, messages, expenses, cancellations, projects, incomplete, privacy, zones, telephones, changes] =
    await Promise.all([
      countUnconfirmedUsers(db),
      countPendingModeration(db),
      countNewContactMessages(db),
      countPendingExpenses(db),
      countProposedExpenseCancellations(db),
      countNewProjects(db),
      organisationIncomplete(db),
      requestsToHandle(db),
      unmappedZoneCount(db),
      openTelephoneConflictCount(db),
      countPendingAccountChanges(db),
    ]);
  return {
    unconfirmed_accounts: accounts,
    unconfirmed_volunteers: pending.volunteers,
    pending_testimonials: pending.testimonials,
    new_messages: messages,
    pending_expenses: expenses,
    expense_cancellations: cancellations,
    new_projects: projects,
    organisation_incomplete: incomplete,
    privacy_requests: privacy.open,
    privacy_requests_due_soon: privacy.dueSoon,
    unmapped_zones: zones,
    telephone_conflicts: telephones,
    account_changes: changes,
  };
}
