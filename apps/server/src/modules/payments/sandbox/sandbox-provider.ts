import type { Currency, PaymentMethod } from '@account-centre/contract';
import type { Db } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import { randomToken } from '../../../lib/secrets.js';
import type {
  OpenedPayment,
  PaymentProvider,
  PaymentToOpen,
  ProviderNotification,
  ProviderPayment,
} from '../provider.js';
import { SANDBOX_SIGNATURE_HEADER, sandboxSigningKey, signatureHolds, signNotification } from './signature.js';

/** Where the sandbox's pay page is served, under the origin the payer reached the service at. */
export const SANDBOX_PAY_PATH = '/api/sandbox/pay';

/** What the sandbox sends: the same body on every try of one notification. */
interface NotificationBody {
  id: string;
  event: 'paid' | 'refunded';
  out_trade_no: string;
  provider_ref: string;
  amount: number;
  currency: Currency;
  at: number;
}

/** How a notification went out: the HTTP status and body that came back, or the network failure. */
export type Sender = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number; text: string }>;

const httpSender: Sender = async (url, body, headers) => {
  const response = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(10_000) });
  return { status: response.status, text: (await response.text()).slice(0, 200) };
};

export interface SandboxOptions {
  db: Db;
  clock: Clock;
  secretKey: string;
  /** Waits between tries of an unacknowledged notification, seconds. */
  retrySeconds: readonly number[];
  send?: Sender;
}

/**
 * A payment provider that runs on this machine (docs/architecture.md#payments): it keeps its own books
 * (`sandbox_payments`), serves a pay page where a person presses pay or cancel, and tells the
 * server over HTTP with signed notifications that it retries until they are acknowledged — as
 * WeChat Pay, Alipay or a card provider would. Nothing in the checkout knows it is a sandbox.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly methods: readonly PaymentMethod[] = ['wxpay', 'alipay', 'card'];
  readonly #key: Buffer;
  readonly #send: Sender;

  constructor(private readonly options: SandboxOptions) {
    this.#key = sandboxSigningKey(options.secretKey);
    this.#send = options.send ?? httpSender;
  }

  async open(payment: PaymentToOpen): Promise<OpenedPayment> {
    const now = this.options.clock.now();
    const ref = randomToken();
    await this.options.db
      .insertInto('sandbox_payments')
      .values({
        ref,
        out_trade_no: payment.outTradeNo,
        amount: payment.amount,
        currency: payment.currency,
        method: payment.method,
        description: payment.description.slice(0, 200),
        notify_url: payment.notifyUrl,
        state: 'pending',
        agreement: payment.agreement ? 1 : 0,
        language: payment.language ?? null,
        created_at: now,
        expires_at: payment.expiresAt,
        paid_at: null,
        updated_at: now,
      })
      .execute();
    const payUrl = `${payment.payerOrigin}${SANDBOX_PAY_PATH}/${ref}`;
    return { providerRef: ref, payUrl, qrContent: payment.method === 'card' ? null : payUrl };
  }

  async query(outTradeNo: string): Promise<ProviderPayment | null> {
    const row = await this.#payment('out_trade_no', outTradeNo);
    if (!row) return null;
    const state = row.state === 'cancelled' ? 'pending' : row.state;
    return { outTradeNo, state, amount: row.amount, currency: row.currency, paidAt: row.paid_at };
  }

  async close(outTradeNo: string): Promise<'closed' | 'paid' | 'unknown'> {
    const now = this.options.clock.now();
    const closed = await this.options.db
      .updateTable('sandbox_payments')
      .set({ state: 'closed', updated_at: now })
      .where('out_trade_no', '=', outTradeNo)
      .where('state', 'in', ['pending', 'cancelled'])
      .executeTakeFirst();
    if (closed.numUpdatedRows > 0n) return 'closed';
    const row = await this.#payment('out_trade_no', outTradeNo);
    if (!row) return 'unknown';
    return row.state === 'paid' || row.state === 'refunded' ? 'paid' : 'closed';
  }

  verify(headers: Record<string, string | string[] | undefined>, rawBody: string): ProviderNotification | null {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    if (!signatureHolds(this.#key, typeof header === 'string' ? header : undefined, rawBody, this.options.clock.now()))
      return null;
    let body: NotificationBody;
    try {
      body = JSON.parse(rawBody) as NotificationBody;
    } catch {
      return null;
    }
    if (
      typeof body.id !== 'string' ||
      (body.event !== 'paid' && body.event !== 'refunded') ||
      typeof body.out_trade_no !== 'string' ||
      typeof body.provider_ref !== 'string' ||
      !Number.isSafeInteger(body.amount) ||
      (body.currency !== 'CNY' && body.currency !== 'USD') ||
      !Number.isSafeInteger(body.at)
    )
      return null;
    return {
      id: body.id,
      event: body.event,
      outTradeNo: body.out_trade_no,
      providerRef: body.provider_ref,
      amount: body.amount,
      currency: body.currency,
      at: body.at,
    };
  }

  acknowledge(handled: boolean) {
    return {
      status: handled ? 200 : 400,
      body: JSON.stringify(handled ? { code: 'SUCCESS' } : { code: 'FAIL', message: 'not handled' }),
      contentType: 'application/json; charset=utf-8',
    };
  }

  async refund(outTradeNo: string, amount: number, _reason: string): Promise<{ refundId: string }> {
    const now = this.options.clock.now();
    const refundId = `rf_${randomToken(12)}`;
    const done = await this.options.db.transaction().execute(async (trx) => {
      // Refunded in full, once: a second refund of the same payment finds nothing to take.
      const updated = await trx
        .updateTable('sandbox_payments')
        .set((eb) => ({ refunded: eb('refunded', '+', amount), state: 'refunded', updated_at: now }))
        .where('out_trade_no', '=', outTradeNo)
        .where('state', '=', 'paid')
        .where((eb) => eb(eb('refunded', '+', amount), '<=', eb.ref('amount')))
        .returningAll()
        .executeTakeFirst();
      if (!updated) return false;
      await this.#queue(trx, {
        id: `evt_${randomToken(12)}`,
        event: 'refunded',
        out_trade_no: outTradeNo,
        provider_ref: updated.ref,
        amount,
        currency: updated.currency,
        at: now,
      });
      return true;
    });
    if (!done) {
      const row = await this.#payment('out_trade_no', outTradeNo);
      if (row?.state === 'refunded') return { refundId };
      throw new Error(`sandbox: ${outTradeNo} is not a paid payment`);
    }
    return { refundId };
  }

  // ---- The sandbox's own side: its pay page's actions and its notifications. ----

  /** The payment its pay page shows. */
  payment(ref: string) {
    return this.#payment('ref', ref);
  }

  /**
   * The payer pressed pay: the payment is paid once (a second press, or one after it closed or
   * expired, changes nothing) and its notification is queued, sent at once and retried.
   */
  async pay(ref: string): Promise<'paid' | 'not_payable'> {
    const now = this.options.clock.now();
    const paid = await this.options.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('sandbox_payments')
        .set({ state: 'paid', paid_at: now, updated_at: now })
        .where('ref', '=', ref)
        .where('state', 'in', ['pending', 'cancelled'])
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
      if (!updated) return false;
      await this.#queue(trx, {
        id: `evt_${randomToken(12)}`,
        event: 'paid',
        out_trade_no: updated.out_trade_no,
        provider_ref: ref,
        amount: updated.amount,
        currency: updated.currency,
        at: now,
      });
      return true;
    });
    if (!paid) return 'not_payable';
    await this.deliverDue();
    return 'paid';
  }

  /** The payer pressed cancel: nothing is paid; the merchant's order stays open until it closes. */
  async cancel(ref: string): Promise<void> {
    await this.options.db
      .updateTable('sandbox_payments')
      .set({ state: 'cancelled', updated_at: this.options.clock.now() })
      .where('ref', '=', ref)
      .where('state', '=', 'pending')
      .execute();
  }

  /**
   * A continuous plan's agreement charges again (the sandbox's scheduled charge): a new paid
   * payment for `outTradeNo`, with its notification. Refused without an agreement on `agreementOf`.
   */
  async chargeAgreement(agreementOf: string, renewal: PaymentToOpen): Promise<boolean> {
    const parent = await this.#payment('out_trade_no', agreementOf);
    if (!parent || parent.agreement !== 1 || (parent.state !== 'paid' && parent.state !== 'refunded')) return false;
    // The agreement notifies where its first payment did.
    const opened = await this.open({ ...renewal, notifyUrl: parent.notify_url, agreement: true });
    return (await this.pay(opened.providerRef)) === 'paid';
  }

  /** Ends a payment's agreement: no more charges (a cancelled continuous plan). */
  async endAgreement(outTradeNo: string): Promise<void> {
    await this.options.db
      .updateTable('sandbox_payments')
      .set({ agreement: 0, updated_at: this.options.clock.now() })
      .where('out_trade_no', '=', outTradeNo)
      .execute();
  }

  /** Sends the last notification of a payment again, as a provider's retry or a replay would. */
  async resend(outTradeNo: string): Promise<boolean> {
    const last = await this.options.db
      .selectFrom('sandbox_notifications')
      .selectAll()
      .where('out_trade_no', '=', outTradeNo)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!last) return false;
    await this.options.db
      .insertInto('sandbox_notifications')
      .values({
        out_trade_no: outTradeNo,
        notify_url: last.notify_url,
        body: last.body,
        next_at: this.options.clock.now(),
        delivered_at: null,
        last_result: null,
        created_at: this.options.clock.now(),
      })
      .execute();
    await this.deliverDue();
    return true;
  }

  /**
   * Sends every notification that is due. Each try is claimed first by a conditional update that
   * also schedules the next one, so two instances never send the same try; an acknowledged
   * notification is done, anything else is tried again on the schedule until it runs out.
   */
  async deliverDue(limit = 50): Promise<number> {
    const now = this.options.clock.now();
    const schedule = this.options.retrySeconds;
    const due = await this.options.db
      .selectFrom('sandbox_notifications')
      .selectAll()
      .where('delivered_at', 'is', null)
      .where('next_at', '<=', now)
      .where('attempts', '<=', schedule.length)
      .orderBy('next_at')
      .limit(limit)
      .execute();
    let delivered = 0;
    for (const note of due) {
      const wait = schedule[note.attempts] ?? 86_400 * 365;
      const claimed = await this.options.db
        .updateTable('sandbox_notifications')
        .set({ attempts: note.attempts + 1, next_at: now + wait })
        .where('id', '=', note.id)
        .where('attempts', '=', note.attempts)
        .where('delivered_at', 'is', null)
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) continue;
      let result: string;
      let acknowledged = false;
      try {
        const at = this.options.clock.now();
        const answer = await this.#send(note.notify_url, note.body, {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signNotification(this.#key, note.body, at),
        });
        acknowledged = answer.status === 200 && answer.text.includes('"SUCCESS"');
        result = `${answer.status} ${answer.text}`;
      } catch (error) {
        result = `network: ${(error as Error).message}`;
      }
      await this.options.db
        .updateTable('sandbox_notifications')
        .set({ last_result: result.slice(0, 200), ...(acknowledged ? { delivered_at: this.options.clock.now() } : {}) })
        .where('id', '=', note.id)
        .execute();
      if (acknowledged) delivered++;
    }
    return delivered;
  }

  #payment(column: 'ref' | 'out_trade_no', value: string) {
    return this.options.db.selectFrom('sandbox_payments').selectAll().where(column, '=', value).executeTakeFirst();
  }

  async #queue(trx: Db, body: NotificationBody): Promise<void> {
    const payment = await trx
      .selectFrom('sandbox_payments')
      .select('notify_url')
      .where('out_trade_no', '=', body.out_trade_no)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('sandbox_notifications')
      .values({
        out_trade_no: body.out_trade_no,
        notify_url: payment.notify_url,
        body: JSON.stringify(body),
        next_at: body.at,
        delivered_at: null,
        last_result: null,
        created_at: body.at,
      })
      .execute();
  }
}
