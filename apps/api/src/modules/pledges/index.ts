// What other areas may use from pledges.
export { runPledgeDues } from './due-job';
export { default as pledgeRoutes } from './routes';
export { changePledgesByTelephone } from './service';
// Linking a telephone's pledges to the account its code sign-in creates (modules/accounts/code-login.ts).
export { linkPledgesByTelephone, pledgeNameByTelephone } from './data';
