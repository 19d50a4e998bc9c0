// The payments area's public face: its routes and context (register-modules.ts), what money recorded by hand
// needs (operations), and the words of an amount.
export type { MoneyKind, MoneyRow } from './data/records';
export { moneySearchPhrase, moneySearch } from './data/search';
export { amountInFrenchWords } from './french-words';
export { assertPushPhone, forRequest, initiateDonation, initiatePayment, initiatePurposePayment, type PaymentsContext } from './money';
export type { MoneyHook } from './money-hooks';
export { PAID_STATUSES } from './transitions';
export { receiptIssuer } from './receipt-document';
export { nextReceiptNumber, receiptUrl } from './receipt-numbers';
export { default as paymentRoutes } from './routes';
export { default as paymentsContext } from './routes/context';
