import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db, Dialect } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { type ClaimedMessage, claimDue, markFailed, markSent, type OutboxChannel } from './outbox.repository.js';

/** What the worker needs of an e-mail transport; a nodemailer transporter is one. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
  close(): void;
}

/**
 * Hands a text message to an SMS provider. A provider adapter resolves once the provider has
 * accepted the message and rejects otherwise; the worker records the failure and retries.
 */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
  /**
   * True for an adapter that delivers nothing: the worker then never takes SMS rows, which
   * stay unsent in the outbox (readable at /api/dev/outbox while dev tools are on).
   */
  readonly keepsMessagesInOutbox?: boolean;
}

/**
 * The dev/sandbox SMS adapter, the only one shipped: no provider is contracted, so SMS rows
 * stay in the outbox. A real provider implements SmsSender and is passed to the outbox plugin.
 */
export class SandboxSmsSender implements SmsSender {
  readonly keepsMessagesInOutbox = true;

  async send(): Promise<void> {
    // The worker never calls this (see keepsMessagesInOutbox); a direct caller must not
    // believe a message went out.
    throw new Error('the sandbox SMS adapter delivers nothing: messages stay in the outbox');
  }
}

/**
 * An SMTP transport from SMTP_URL (`smtp://user:pass@host:587`, `smtps://…:465`). Connections
 * are pooled; the timeouts are far below the claim lease, so a hung server fails the try
 * instead of outliving the lease. Query parameters of the URL override these defaults.
 */
export function createSmtpTransport(url: string): MailTransport {
  return nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

export interface OutboxDeliveryOptions {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  /** null: no SMTP configured, e-mail rows stay in the outbox. */
  mail: MailTransport | null;
  mailFrom: string;
  sms: SmsSender;
  maxAttempts: number;
  log: FastifyBaseLogger;
  /** Messages taken per claim. */
  batchSize?: number;
  /** How long a claim holds its rows; must exceed the longest delivery (transport timeouts). */
  leaseSeconds?: number;
}

export interface FlushResult {
  sent: number;
  failed: number;
}

const DEFAULT_BATCH = 10;
const DEFAULT_LEASE_SECONDS = 300;
/** A flush stops after this many batches so one caller never loops forever under steady inflow. */
const MAX_BATCHES_PER_FLUSH = 50;
const RETRY_BASE_SECONDS = 30;
const RETRY_MAX_SECONDS = 3600;
/** outbox.last_error is varchar(512). */
const ERROR_MAX_LENGTH = 500;

/**
 * Delivers due outbox messages: claims a batch, sends each through its channel, marks it sent
 * or records the error and schedules the next try (exponential back-off, bounded tries).
 * Any number of workers, in any number of instances, may run at once: the claim decides.
 */
export class OutboxDelivery {
  private readonly batchSize: number;
  private readonly leaseSeconds: number;

  constructor(private readonly options: OutboxDeliveryOptions) {
    this.batchSize = options.batchSize ?? DEFAULT_BATCH;
    this.leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  }

  /** The channels this worker can deliver; rows of the others are left alone. */
  get channels(): OutboxChannel[] {
    const channels: OutboxChannel[] = [];
    if (this.options.mail) channels.push('email');
    if (!this.options.sms.keepsMessagesInOutbox) channels.push('sms');
    return channels;
  }

  /** Delivers every message due now; resolves when each claimed one was sent or failed. */
  async flush(): Promise<FlushResult> {
    const result: FlushResult = { sent: 0, failed: 0 };
    const channels = this.channels;
    if (channels.length === 0) return result;
    for (let batch = 0; batch < MAX_BATCHES_PER_FLUSH; batch++) {
      const now = this.options.clock.now();
      const claimed = await claimDue(this.options.db, this.options.dialect, {
        channels,
        now,
        leaseUntil: now + this.leaseSeconds,
        maxAttempts: this.options.maxAttempts,
        limit: this.batchSize,
      });
      if (claimed.length === 0) break;
      const outcomes = await Promise.all(claimed.map((message) => this.deliver(message)));
      for (const delivered of outcomes) {
        if (delivered) result.sent++;
        else result.failed++;
      }
    }
    return result;
  }

  private async deliver(message: ClaimedMessage): Promise<boolean> {
    const { db, log } = this.options;
    try {
      await this.send(message);
    } catch (error) {
      const reason = describeError(error);
      const now = this.options.clock.now();
      await markFailed(db, message.id, message.attempts, reason, now + retryDelay(message.attempts));
      const final = message.attempts >= this.options.maxAttempts;
      // The id and the reason only: a body may hold a verification code.
      log[final ? 'error' : 'warn'](
        { outboxId: message.id, channel: message.channel, attempt: message.attempts, reason },
        final ? 'outbox message undeliverable, no tries left' : 'outbox delivery failed, will retry',
      );
      return false;
    }
    await markSent(db, message.id, this.options.clock.now());
    return true;
  }

  private async send(message: ClaimedMessage): Promise<void> {
    if (message.channel === 'sms') {
      await this.options.sms.send(message.recipient, message.body);
      return;
    }
    const { mail, mailFrom } = this.options;
    if (!mail) throw new Error('no SMTP transport configured');
    await mail.sendMail({ from: mailFrom, to: message.recipient, subject: message.subject, text: message.body });
  }
}

/** Seconds before the next try after try number `attempt` failed: 30 s, 1 min, 2 min, … 1 h. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_MAX_SECONDS, RETRY_BASE_SECONDS * 2 ** Math.max(0, attempt - 1));
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text || 'unknown error').slice(0, ERROR_MAX_LENGTH);
}
