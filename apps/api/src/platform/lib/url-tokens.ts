// Tokens in addresses act for a person (their data page, a ticket, a pledge, an unsubscribe or withdraw link): the
// request log and the personal-data exports keep the address with the token masked.

const PATH_TOKENS = /\/(mes-donnees|my-data|engagement|billet|unsubscribe|by-token)\/[A-Za-z0-9._~%-]+/g;
const QUERY_TOKENS = /([?&](?:jeton|sig|token|s)=)[^&\s"'<>]+/g;

export function maskUrlTokens(text: string): string {
  return text.replace(PATH_TOKENS, '/$1/••••').replace(QUERY_TOKENS, '$1••••');
}
