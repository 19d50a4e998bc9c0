// What other areas may use from pledges.
export { runPledgeDues } from './due-job';
export { default as pledgeRoutes } from './routes';
export { changePledgeByTelephone } from './service';
