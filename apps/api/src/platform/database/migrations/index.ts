import type { Migration } from 'kysely';
import * as pushRequests0600 from './20261129_0600_push_requests';
import * as accountChanges0100 from './20261129_0100_account_changes';
import * as eventsVolunteers0300 from './20261129_0300_events_volunteers';
import * as codeLoginTokens0700 from './20261129_0700_code_login_tokens';
import * as reconciliationHistory0100 from './20261130_0100_reconciliation_history';
import * as moneyChannel0200 from './20261130_0200_money_channel';
import * as booksHashVersion0400 from './20261130_0400_books_hash_version';
import * as booksReversesIndex0600 from './20261130_0600_books_reverses_index';
import * as pledgesTelephoneIndex1000 from './20261130_1000_pledges_telephone_index';
import * as eventRegistrationsTelephone1200 from './20261130_1200_event_registrations_telephone';
import * as paymentRegistration1400 from './20261130_1400_payment_registration';
import * as smsMessageSid0500 from './20261130_0500_sms_message_sid';
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
import * as whatsapp0700 from './20261125_0700_whatsapp';
import * as consentsStub from './20261125_0201_consents_stub';
import * as backgroundJobs1700 from './20261125_1700_background_jobs';
import * as searchIndexes1710 from './20261125_1710_search_indexes';
import * as moneyTotals0800 from './20261125_0800_money_totals';
import * as contactHandled1600 from './20261124_1600_contact_handled';
import * as listedNewestIndexes1400 from './20261124_1400_listed_newest_indexes';
import * as codes20261125 from './20261125_0100_codes';
import * as pledges0400 from './20261125_0400_pledges';
import * as events20261125_1700 from './20261125_1700_events';
import * as treasury0300 from './20261125_0300_treasury';
import * as actingUser0110 from './20261126_0110_acting_user';
import * as backOffice0500 from './20261126_0500_back_office';
import * as appSettings0610 from './20261126_0610_app_settings';
import * as retentionRegisters0530 from './20261126_0530_retention_registers';
import * as telephonesE164 from './20261126_0100_telephones_e164';
import * as personalData0100 from './20261126_0100_personal_data';
import * as zones0320 from './20261126_0320_zones';
import * as keptUserCounts0900 from './20261126_0900_kept_user_counts';
import * as backgroundJobHeartbeat0200 from './20261127_0200_background_job_heartbeat';
import * as dropPasswordResetCodes from './20261127_0100_drop_password_reset_codes';
import * as yearDonorTotals0300 from './20261127_0300_year_donor_totals';
import * as keptListCounts0400 from './20261127_0400_kept_list_counts';
import * as yearDonorCounts0600 from './20261127_0600_year_donor_counts';
import * as pgSearchText0700 from './20261127_0700_pg_search_text';
import * as keptPledgeTotals0800 from './20261127_0800_kept_pledge_totals';
import * as dataLinks0200 from './20261129_0200_data_links';
import * as books0400 from './20261129_0400_books';

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
  '20261124_1400_listed_newest_indexes': listedNewestIndexes1400,
  '20261125_0100_codes': codes20261125,
  '20261125_0201_consents_stub': consentsStub,
  '20261125_0400_pledges': pledges0400,
  '20261125_0700_whatsapp': whatsapp0700,
  '20261125_0800_money_totals': moneyTotals0800,
  '20261125_1700_events': events20261125_1700,
  '20261125_0300_treasury': treasury0300,
  '20261125_1700_background_jobs': backgroundJobs1700,
  '20261125_1710_search_indexes': searchIndexes1710,
  '20261126_0110_acting_user': actingUser0110,
  '20261126_0500_back_office': backOffice0500,
  '20261126_0610_app_settings': appSettings0610,
  '20261126_0530_retention_registers': retentionRegisters0530,
  '20261126_0100_telephones_e164': telephonesE164,
  '20261126_0100_personal_data': personalData0100,
  '20261126_0320_zones': zones0320,
  '20261126_0900_kept_user_counts': keptUserCounts0900,
  '20261127_0100_drop_password_reset_codes': dropPasswordResetCodes,
  '20261127_0200_background_job_heartbeat': backgroundJobHeartbeat0200,
  '20261127_0300_year_donor_totals': yearDonorTotals0300,
  '20261127_0400_kept_list_counts': keptListCounts0400,
  '20261127_0600_year_donor_counts': yearDonorCounts0600,
  '20261127_0700_pg_search_text': pgSearchText0700,
  '20261127_0800_kept_pledge_totals': keptPledgeTotals0800,
  '20261129_0100_account_changes': accountChanges0100,
  '20261129_0200_data_links': dataLinks0200,
  '20261129_0300_events_volunteers': eventsVolunteers0300,
  '20261129_0400_books': books0400,
  '20261129_0600_push_requests': pushRequests0600,
  '20261129_0700_code_login_tokens': codeLoginTokens0700,
  '20261130_0100_reconciliation_history': reconciliationHistory0100,
  '20261130_0200_money_channel': moneyChannel0200,
  '20261130_0400_books_hash_version': booksHashVersion0400,
  '20261130_0500_sms_message_sid': smsMessageSid0500,
  '20261130_0600_books_reverses_index': booksReversesIndex0600,
  '20261130_1000_pledges_telephone_index': pledgesTelephoneIndex1000,
  '20261130_1200_event_registrations_telephone': eventRegistrationsTelephone1200,
  '20261130_1400_payment_registration': paymentRegistration1400,
};
