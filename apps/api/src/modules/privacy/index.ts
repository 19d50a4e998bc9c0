// The personal-data area (docs/product/personal-data.md): the notice, consents, requests (access, erasure), and —
// added beside them — retention, registers and breaches. Other modules import only this file.
export { type Controller, currentController, privacyController } from './controller';
export {
  type ConsentContext,
  type FormSender,
  recordConsent,
  recordFormConsents,
  recordOwnChannelChoice,
  withdrawLink,
} from './consents';
export { buildNotice, MONEY_RETENTION_YEARS } from './notice';
export { requestsToHandle } from './requests';
export { default as privacyRoutes } from './routes';
export { myDataPageRoutes } from './my-data-routes';
