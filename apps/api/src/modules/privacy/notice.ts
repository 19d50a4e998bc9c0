import { buildPrivacyNotice, MONEY_RETENTION_YEARS } from '@shared/privacy-notice';
import type { PrivacyNotice } from '@shared/schemas/privacy';
import type { Config } from '../../platform/config';
import type { Controller } from './controller';

// The privacy notice (docs/product/personal-data.md, law 2017-20 art. 415), generated from the live configuration:
// what GET /api/privacy/notice serves. Built by packages/shared (the web prerenders the default notice with it).

export { MONEY_RETENTION_YEARS };

type NoticeConfig = Pick<Config, 'organisation' | 'retention' | 'storage' | 'messages' | 'payments'>;

export function buildNotice(config: NoticeConfig, controller: Controller): PrivacyNotice {
  return buildPrivacyNotice(config, controller);
}
