// The payments area's public face: its routes and context (register-modules.ts), what money recorded by hand
// needs (operations), and the words of an amount.
export type { MoneyKind, MoneyRow } from './data/records';
export { moneySearchPhrase, moneySearch } from './data/search';
export { amountInFrenchWords } from './french-words';
export {
  abandonPurposePayment,
  assertPushPhone,
  forRequest,
  initiateDonation,
  initiatePayment,
  initiatePurposePayment,
  type PaymentsContext,
  reusableCheckout,
} from './money';
export type { MoneyHook } from './money-hooks';
export { PAID_STATUSES } from './transitions';
export { receiptIssuer } from './receipt-document';
export { nextReceiptNumber, receiptUrl } from './receipt-numbers';
export { default as paymentRoutes } from './routes';
export { default as paymentsContext } from './routes/context';
// Linking a telephone's gifts and payments to the account its code sign-in creates (modules/accounts/code-login.ts).
export { linkMoneyByTelephone, moneyNameByTelephone } from './data/by-telephone';
