// Commands by SMS (docs/giving-by-phone.md): the inbound webhook (register-modules.ts) and its parser.
export { default as smsCommandRoutes } from './routes';
export { parseSmsCommand } from './service';
