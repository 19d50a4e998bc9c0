import type { FastifyBaseLogger } from 'fastify';
import type { WhatsAppConfig, WhatsAppTemplateKind } from '../../platform/config';
import type { DB } from '../../platform/database/database';
import { latestConsent, markSentByWhatsApp, noteWhatsAppRefusal } from './data';
import { createCloudApiSender, WhatsAppError, type WhatsAppSender } from './whatsapp-cloud';

// The person's channel, decided when a message is sent (not when it is queued), so a choice made in between
// counts: WhatsApp for those who chose it, SMS otherwise; a « STOP » on a channel stops everything on it but
// codes and receipts, which the person needs whatever they said.

/**
 * Messages sent whatever « STOP » said: codes, receipts, the last message confirming a STOP, and the answer to a
 * command the person texted us (docs/giving-by-phone.md: STOP ends news, not the replies a person asked for).
 */
export const ESSENTIAL_CATEGORIES = new Set(['code', 'recu', 'stop', 'reponse']);
const TEMPLATE_KINDS = new Set<string>(['code', 'recu', 'rappel', 'echeance', 'billet', 'avis']);
/** Version of the words a person answers when they write STOP (recorded with their withdrawal). */
export const STOP_WORDING = 'stop-2026-11';
export const STOP_WORDS = /^\s*(stop|arr[eê]t|arreter|arrêter|desabonner|désabonner|unsubscribe)\s*[.!]*\s*$/i;

export const STOP_CONFIRMATION = {
  whatsapp:
    'Vous ne recevrez plus de messages de l’association par WhatsApp, sauf les codes et les reçus. Vos prochains messages arriveront par SMS.',
  sms: 'Vous ne recevrez plus de SMS d’information de l’association, sauf les codes et les reçus.',
};

export type Route = 'whatsapp' | 'sms' | 'suppressed';

export interface OutboxRowForRouting {
  id: number;
  channel: string;
  to_address: string;
  body: string;
  category: string | null;
  /** Set on the SMS that replaces a WhatsApp message WhatsApp could not deliver: it goes by SMS. */
  fallback_of?: number | null;
}

/** What a message is for, from its category or, for rows queued without one, from its words. */
export function categoryOf(row: { category: string | null; body: string }): string {
  if (row.category) return row.category;
  if (/\bcode\b/i.test(row.body) && /\b\d{6}\b/.test(row.body)) return 'code';
  if (/\breçu\b/i.test(row.body)) return 'recu';
  return 'avis';
}

export function templateFor(row: OutboxRowForRouting): { kind: WhatsAppTemplateKind; params: string[] } {
  const category = categoryOf(row);
  const kind = (TEMPLATE_KINDS.has(category) ? category : 'avis') as WhatsAppTemplateKind;
  if (kind === 'code') return { kind, params: [row.body.match(/\b(\d{6})\b/)?.[1] ?? ''] };
  // Template variables may not hold line breaks, tabs or more than four spaces in a row (Meta's rule).
  return {
    kind,
    params: [
      row.body
        .replace(/\s*\n+\s*/g, ' — ')
        .replace(/\s{2,}/g, ' ')
        .slice(0, 1000),
    ],
  };
}

export interface WhatsAppChannel {
  readonly enabled: boolean;
  route(db: DB, row: OutboxRowForRouting): Promise<Route>;
  /** Sends a routed row by WhatsApp; `false` when WhatsApp refused it for good (the caller sends it by SMS). */
  send(db: DB, row: OutboxRowForRouting): Promise<boolean>;
}

export function createWhatsAppChannel(
  config: WhatsAppConfig | undefined,
  options: { sender?: WhatsAppSender; log?: FastifyBaseLogger } = {},
): WhatsAppChannel {
  const sender = options.sender ?? (config?.provider === 'meta' ? createCloudApiSender(config) : null);
  return {
    enabled: sender !== null,
    async route(db, row) {
      const essential = ESSENTIAL_CATEGORIES.has(categoryOf(row));
      if (sender && row.channel === 'whatsapp') return 'whatsapp';
      if (sender && !row.fallback_of && (await latestConsent(db, row.to_address, 'whatsapp'))?.given === 1) return 'whatsapp';
      if (!essential && (await latestConsent(db, row.to_address, 'sms_news'))?.source === 'stop') return 'suppressed';
      return 'sms';
    },
    async send(db, row) {
      if (!sender) return false;
      try {
        if (row.channel === 'whatsapp') {
          const { id } = await sender.sendText(row.to_address, row.body);
          await markSentByWhatsApp(db, row.id, id, 'whatsapp_service');
          return true;
        }
        const template = templateFor(row);
        const { id } = await sender.send({ to: row.to_address, ...template });
        await markSentByWhatsApp(db, row.id, id, template.kind === 'code' ? 'whatsapp_authentication' : 'whatsapp_utility');
        return true;
      } catch (error) {
        if (error instanceof WhatsAppError && error.action === 'fallback') {
          options.log?.info({ messageId: row.id, code: error.code }, 'WhatsApp refused: sent by SMS');
          await noteWhatsAppRefusal(db, row.id, `${error.message} — envoyé par SMS`);
          return false;
        }
        throw error;
      }
    },
  };
}
