// Tokens in addresses act for a person (their data page, a ticket, a pledge, an unsubscribe or withdraw link): the
// request log and the personal-data exports keep the address with the token masked.

const PATH_TOKENS = /\/(mes-donnees|my-data|engagement|billet|unsubscribe|by-token)\/[A-Za-z0-9._~%-]+/g;
// And what a form sends if it ever leaves as a GET (a browser that cannot run the page's script): passwords, codes,
// the person's telephone and e-mail (probe of session 16: `/connexion?telephone=…&password=…` reached the log).
const QUERY_TOKENS =
  /([?&](?:jeton|sig|token|s|password|current_password|confirmation|code|telephone|phone|email|contact_email)=)[^&\s"'<>]+/gi;

export function maskUrlTokens(text: string): string {
  return text.replace(PATH_TOKENS, '/$1/••••').replace(QUERY_TOKENS, '$1••••');
}
