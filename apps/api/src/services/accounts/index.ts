// What other areas may use from accounts.
export { markFirstLoginDone } from './first-login';
export { issueToken, revokeToken } from './sessions';
