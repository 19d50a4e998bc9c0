// What other areas may use from the treasury: the one call that lands money received (or takes it back out) in the
// books, inside the caller's transaction, and the count of expenses waiting for a second administrator.
export { type IncomeRecord, recordIncomeMovement } from './ledger';
export { countPendingExpenses, countProposedExpenseCancellations } from './data';
export { default as treasuryRoutes } from './routes';
