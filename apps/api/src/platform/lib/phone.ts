// The one telephone form lives in the shared package (packages/shared/src/phone.ts), used by the web app's
// schemas and the API alike.
export { BENIN_PREFIX, formatTelephone, normalizeTelephone, telephoneSpellings, toE164 } from '@shared/phone';
