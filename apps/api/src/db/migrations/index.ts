import type { Migration } from 'kysely';
import * as initial from './20261121_0001_initial';
import * as payments0500 from './20261121_0500_payments';
import * as publicFileIndexes0900 from './20261121_0900_public_file_indexes';
import * as publicListVersions0100 from './20261122_0100_public_list_versions';
import * as moneyRowCounts0200 from './20261122_0200_money_row_counts';
import * as outboxAndAudit0100 from './20261124_0100_outbox_and_audit';
import * as messages1100 from './20261124_1100_messages';
import * as operations1200 from './20261124_1200_operations';
import * as paymentReturnRefs1300 from './20261124_1300_payment_return_refs';
import * as journeys1500 from './20261124_1500_journeys';
import * as contactHandled1600 from './20261124_1600_contact_handled';

// Explicit, ordered list: a migration is registered here once and never edited afterwards.
export const migrations: Record<string, Migration> = {
  '20261121_0001_initial': initial,
  '20261121_0500_payments': payments0500,
  '20261121_0900_public_file_indexes': publicFileIndexes0900,
  '20261122_0100_public_list_versions': publicListVersions0100,
  '20261122_0200_money_row_counts': moneyRowCounts0200,
  '20261124_0100_outbox_and_audit': outboxAndAudit0100,
  '20261124_1100_messages': messages1100,
  '20261124_1200_operations': operations1200,
  '20261124_1300_payment_return_refs': paymentReturnRefs1300,
  '20261124_1500_journeys': journeys1500,
  '20261124_1600_contact_handled': contactHandled1600,
};
