import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../platform/database/database';
import type { WhatsAppChannel } from './whatsapp-channel';
import { checkpointWal } from '../../platform/database/database';
import { type ClaimedRow, claimDueMessages, forgetMessage, recordSendFailure, recordSent, recordSuppressed, releaseClaims } from './data';
import type { EmailSender, SmsSender } from './channels';
import { SendError } from './channels';
import { CODE_MASK } from '../codes';
import { openText } from '../../platform/storage/sealed-text';

// Sends what the outbox holds. A pass claims due rows, sends each, and records the outcome.
// Claim: one UPDATE … RETURNING that sets a lease (locked_until) and counts the attempt; on PostgreSQL the
// rows are picked with FOR UPDATE SKIP LOCKED so concurrent workers take disjoint rows without waiting, on
// SQLite the single writer makes the UPDATE atomic. A process killed mid-send leaves a lease that expires:
// another pass (after a restart, or another process) takes the row again.

export interface WorkerOptions {
  db: DB;
  sms: SmsSender;
  email: EmailSender;
  /** Routes SMS to WhatsApp for the people who chose it, and holds back what a « STOP » stopped. */
  whatsapp?: WhatsAppChannel;
  log?: FastifyBaseLogger;
  /** Tries before a message is `failed`. */
  maxAttempts?: number;
  /** First retry delay; doubles with each try, capped at one hour. */
  retryBaseMs?: number;
  /** How long a claim holds a row; longer than any single send can take. */
  leaseMs?: number;
  batchSize?: number;
  pollMs?: number;
  /** Extra work run on each pass of the started loop (the daily digest). */
  onTick?: (now: Date) => Promise<void>;
}

export interface PassResult {
  sent: number;
  failed: number;
  retried: number;
}

type Row = ClaimedRow;

// A message carrying a one-time code is stored with a mask in its place (so the outbox list and its export never
// show it) and the code, sealed, in `secret`: the code is opened and put back only in what goes to the provider.
const reveal = (text: string, secret: string | null): string => {
  const code = openText(secret);
  return code ? text.replaceAll(CODE_MASK, code) : text;
};

/** The category of the notice that tells a person their data was erased: forgotten once sent or given up. */
export const ERASURE_CATEGORY = 'effacement';

export const DEFAULT_MAX_ATTEMPTS = 5;
const HOUR = 3_600_000;

export class MessageWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;
  /** Set by stop(): the pass in flight hands back the rows it has not sent yet instead of sending them. */
  private closing = false;
  readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  readonly leaseMs: number;

  constructor(private readonly options: WorkerOptions) {
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.retryBaseMs = options.retryBaseMs ?? 30_000;
    this.leaseMs = options.leaseMs ?? 120_000;
  }

  /** Delay before try number `attempt + 1`, after `attempt` failed tries. */
  retryDelayMs(attempt: number): number {
    return Math.min(this.retryBaseMs * 2 ** (attempt - 1), HOUR);
  }

  /** One deterministic pass: claims every message due at `now` (in batches) and sends it. */
  async runOnce(now: Date = new Date()): Promise<PassResult> {
    const result: PassResult = { sent: 0, failed: 0, retried: 0 };
    for (;;) {
      const rows = await this.claim(now);
      for (const [index, row] of rows.entries()) {
        if (this.closing) {
          await this.release(rows.slice(index));
          return result;
        }
        result[await this.deliver(row, now)] += 1;
      }
      if (rows.length < (this.options.batchSize ?? 20) || this.closing) return result;
    }
  }

  private claim(now: Date): Promise<Row[]> {
    const lease = new Date(now.getTime() + this.leaseMs).toISOString();
    return claimDueMessages(this.options.db, now.toISOString(), lease, this.options.batchSize ?? 20);
  }

  /** Gives claimed rows back untouched (shutdown): the next pass, here or elsewhere, takes them at once. */
  private async release(rows: Row[]): Promise<void> {
    if (rows.length === 0) return;
    await releaseClaims(
      this.options.db,
      rows.map((r) => r.id),
      new Date().toISOString(),
    );
  }

  private async deliver(row: Row, now: Date): Promise<keyof PassResult> {
    const outcome = await this.send(row, now);
    if (row.category === ERASURE_CATEGORY && outcome !== 'retried') {
      // The last trace of an erased person: their address and the notice go, and the WAL with them.
      await forgetMessage(this.options.db, row.id, new Date().toISOString());
      await checkpointWal(this.options.db).catch((error) => this.options.log?.warn({ error }, 'WAL checkpoint failed'));
    }
    return outcome;
  }

  private async send(row: Row, now: Date): Promise<keyof PassResult> {
    const { db, sms, email, whatsapp, log } = this.options;
    // A code sent by WhatsApp keeps its secret until WhatsApp reports the delivery: if it reports it failed, the
    // SMS that replaces it must still carry the code (the webhook forgets it once delivered, read or replaced).
    let keepSecret = false;
    // No provider configured for the channel: the message stays here, and the outbox says so (`kept`).
    let keptOnly = false;
    try {
      if (row.channel === 'sms' || row.channel === 'whatsapp') {
        const route = whatsapp ? await whatsapp.route(db, row) : 'sms';
        if (route === 'suppressed') {
          await recordSuppressed(db, row.id, 'Non envoyé : la personne a répondu STOP à ce canal.', new Date().toISOString());
          return 'failed';
        }
        const byWhatsApp =
          route === 'whatsapp' && whatsapp ? await whatsapp.send(db, { ...row, body: reveal(row.body, row.secret) }) : false;
        keepSecret = byWhatsApp;
        if (!byWhatsApp) {
          if (row.channel === 'whatsapp') throw new SendError('WhatsApp n’est pas disponible pour ce message.', true);
          await sms.send({ to: row.to_address, body: reveal(row.body, row.secret) });
          keptOnly = sms.keepsOnly === true;
        }
      } else if (row.channel === 'email') {
        await email.send({
          to: row.to_address,
          subject: row.subject ?? '',
          text: reveal(row.body, row.secret),
          html: row.html === null ? null : reveal(row.html, row.secret),
          headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : null,
        });
        keptOnly = email.keepsOnly === true;
      } else throw new SendError(`canal inconnu : ${row.channel}`, true);
    } catch (error) {
      const permanent = error instanceof SendError && error.permanent;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const giveUp = permanent || row.attempts >= this.maxAttempts;
      const at = new Date().toISOString();
      await recordSendFailure(db, row.id, {
        status: giveUp ? 'failed' : 'queued',
        last_error: message,
        ...(giveUp ? { secret: null } : {}),
        next_attempt_at: giveUp ? at : new Date(now.getTime() + this.retryDelayMs(row.attempts)).toISOString(),
        updated_at: at,
      });
      log?.warn({ messageId: row.id, channel: row.channel, attempts: row.attempts, giveUp }, 'message not sent');
      return giveUp ? 'failed' : 'retried';
    }
    const at = new Date().toISOString();
    await recordSent(db, row.id, at, { keepSecret, kept: keptOnly });
    return 'sent';
  }

  /** Starts the polling loop (the app does, tests do not unless they ask). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.closing = false;
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.tick().finally(() => {
        this.running = null;
        this.schedule(this.options.pollMs ?? 2000);
      });
    }, delay);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    const now = new Date();
    try {
      await this.options.onTick?.(now);
      await this.runOnce(now);
    } catch (error) {
      // Database briefly unavailable: the next tick tries again; queued rows are safe in the table.
      this.options.log?.error({ err: error }, 'message worker pass failed');
    }
  }

  /** Stops polling and waits for the pass in flight, so no claim is left half-recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.options.email.close?.();
  }
}
