// The books' public face: the posting other areas call inside their own transaction (the treasury's movements and
// opening balances), the one-time posting of earlier movements (started with the routes) and the routes.
export { noteUnpostedIncome, postAccountOpening, postMovement } from './posting';
export { postEarlierMovements } from './backfill';
export { lockBooks } from './data';
export { default as booksRoutes } from './routes';
