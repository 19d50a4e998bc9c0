import { z } from '../zod-fr';

// How a money record came in and whether it was cancelled: shared by the payments and donations lists.

export const MONEY_SOURCES = ['online', 'offline'] as const;
export type MoneySource = (typeof MONEY_SOURCES)[number];

/**
 * How an online record was asked for (docs/giving-by-phone.md): a request on the payer's telephone from a web form, or
 * a command by SMS; null for the checkout page and for entries by hand.
 */
export const MONEY_CHANNELS = ['telephone', 'sms'] as const;
export type MoneyChannel = (typeof MONEY_CHANNELS)[number];
export const MONEY_CHANNEL_LABELS: Record<MoneyChannel, string> = { telephone: 'Sur le téléphone', sms: 'Par SMS' };

export const moneyOriginFields = {
  source: z.enum(MONEY_SOURCES),
  /** Offline entries: especes | mobile_money | virement | cheque. */
  method: z.string().nullable(),
  reference: z.string().nullable(),
  /** Set when an administrator cancelled (deleted) the record; it stays for the trail. */
  deleted_at: z.string().nullable(),
  deleted_reason: z.string().nullable(),
  channel: z.enum(MONEY_CHANNELS).nullable(),
};

/** The payer's name, e-mail and telephone in the payments and donations lists: null where not given. */
export const payerListFields = {
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
};

/** A listed payment's or donation's transaction, receipt and origin (the columns both lists share after the payer). */
export const moneyRecordListFields = {
  transaction_status: z.string(),
  transaction_id: z.string().nullable(),
  receipt_number: z.string().nullable(),
  receipt_url: z.string().nullable(),
  created_at: z.string(),
  /** When the money was received: a cash gift's date as entered, not the day it was typed; null until paid. */
  paid_at: z.string().nullable(),
  ...moneyOriginFields,
};
