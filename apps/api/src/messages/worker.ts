import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { type DB, isPostgres } from '../db/database';
import type { OutboxMessagesTable } from '../db/schema';
import type { EmailSender, SmsSender } from './channels';
import { SendError } from './channels';

// Sends what the outbox holds. A pass claims due rows, sends each, and records the outcome.
// Claim: one UPDATE … RETURNING that sets a lease (locked_until) and counts the attempt; on PostgreSQL the
// rows are picked with FOR UPDATE SKIP LOCKED so concurrent workers take disjoint rows without waiting, on
// SQLite the single writer makes the UPDATE atomic. A process killed mid-send leaves a lease that expires:
// another pass (after a restart, or another process) takes the row again.

export interface WorkerOptions {
  db: DB;
  sms: SmsSender;
  email: EmailSender;
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

type Row = Pick<OutboxMessagesTable, 'channel' | 'to_address' | 'subject' | 'body' | 'html' | 'headers' | 'status' | 'last_error'> & {
  id: number;
  attempts: number;
};

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

  private async claim(now: Date): Promise<Row[]> {
    const { db } = this.options;
    const nowIso = now.toISOString();
    const lease = new Date(now.getTime() + this.leaseMs).toISOString();
    let due = db
      .selectFrom('outbox_messages')
      .select('id')
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', nowIso)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowIso)]))
      .orderBy('id')
      .limit(this.options.batchSize ?? 20);
    if (isPostgres(db)) due = due.forUpdate().skipLocked();
    const rows = (await db
      .updateTable('outbox_messages')
      .set({ locked_until: lease, attempts: sql`attempts + 1`, updated_at: nowIso })
      .where('id', 'in', due)
      .returning(['id', 'channel', 'to_address', 'subject', 'body', 'html', 'headers', 'status', 'attempts', 'last_error'])
      .execute()) as Row[];
    // RETURNING follows no order on PostgreSQL: oldest first, as queued.
    return rows.sort((a, b) => a.id - b.id);
  }

  /** Gives claimed rows back untouched (shutdown): the next pass, here or elsewhere, takes them at once. */
  private async release(rows: Row[]): Promise<void> {
    if (rows.length === 0) return;
    await this.options.db
      .updateTable('outbox_messages')
      .set({ locked_until: null, attempts: sql`attempts - 1`, updated_at: new Date().toISOString() })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .where('status', '=', 'queued')
      .execute();
  }

  private async deliver(row: Row, now: Date): Promise<keyof PassResult> {
    const { db, sms, email, log } = this.options;
    try {
      if (row.channel === 'sms') await sms.send({ to: row.to_address, body: row.body });
      else if (row.channel === 'email') {
        await email.send({
          to: row.to_address,
          subject: row.subject ?? '',
          text: row.body,
          html: row.html,
          headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : null,
        });
      } else throw new SendError(`canal inconnu : ${row.channel}`, true);
    } catch (error) {
      const permanent = error instanceof SendError && error.permanent;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const giveUp = permanent || row.attempts >= this.maxAttempts;
      const at = new Date().toISOString();
      await db
        .updateTable('outbox_messages')
        .set({
          status: giveUp ? 'failed' : 'queued',
          last_error: message,
          locked_until: null,
          next_attempt_at: giveUp ? at : new Date(now.getTime() + this.retryDelayMs(row.attempts)).toISOString(),
          updated_at: at,
        })
        .where('id', '=', row.id)
        .execute();
      log?.warn({ messageId: row.id, channel: row.channel, attempts: row.attempts, giveUp }, 'message not sent');
      return giveUp ? 'failed' : 'retried';
    }
    const at = new Date().toISOString();
    await db
      .updateTable('outbox_messages')
      .set({ status: 'sent', sent_at: at, locked_until: null, last_error: null, updated_at: at })
      .where('id', '=', row.id)
      .execute();
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
