// Commands by SMS (CONTRACT « Giving from any phone »): the inbound webhook (register-modules.ts) and its parser.
export { default as smsCommandRoutes } from './routes';
export { parseSmsCommand } from './service';
