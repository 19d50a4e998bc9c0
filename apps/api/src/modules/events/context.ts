import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../platform/database/database';
import type { PaymentsContext } from '../payments';
import { ticketToken } from './tickets';

/** What every events flow needs, built once per app (routes.ts). */
export interface EventsContext {
  readonly db: DB;
  /** Signs ticket tokens and shift confirmation links. */
  readonly secret: string;
  readonly publicUrl: string;
  readonly payments: PaymentsContext;
  readonly log: FastifyBaseLogger;
}

export const ticketPath = (ctx: EventsContext, registration: { id: number; ticket_nonce: string }): string =>
  `/billet/${ticketToken(ctx.secret, registration.id, registration.ticket_nonce)}`;

export const ticketUrl = (ctx: EventsContext, registration: { id: number; ticket_nonce: string }): string =>
  `${ctx.publicUrl}${ticketPath(ctx, registration)}`;
