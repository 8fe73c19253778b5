import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { devOutboxRoute, type RouteQuery } from '@account-centre/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/call.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers/test-app.js';
import { insertMessage, type NewOutboxMessage } from './outbox.repository.js';
import { createSmtpTransport, OutboxDelivery, retryDelay, SandboxSmsSender, type SmsSender } from './outbox.service.js';

/** One message as the SMTP server received it. */
interface Received {
  mailFrom: string;
  rcptTo: string[];
  user: string | null;
  subject: string;
  body: string;
  raw: string;
}

/**
 * A real SMTP server on a free port. While `failWith` is set it refuses every message at the
 * end of DATA with that reply, as a mail server does when it cannot take mail.
 */
class TestSmtp {
  readonly received: Received[] = [];
  failWith: { code: number; text: string } | null = null;
  private readonly server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      // Plain TCP on 127.0.0.1: no certificate to trust, and AUTH still exercised.
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: true,
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (auth.username === 'mailer' && auth.password === 's3cret') return callback(null, { user: auth.username });
        return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (this.failWith) {
            return callback(Object.assign(new Error(this.failWith.text), { responseCode: this.failWith.code }));
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          this.received.push({
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            user: typeof session.user === 'string' ? session.user : null,
            ...parseMessage(raw),
            raw,
          });
          callback();
        });
      },
    });
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    return (this.server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Reads Subject and the text body of a single-part message, undoing MIME encodings. */
function parseMessage(raw: string): { subject: string; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const subject = (headers.get('subject') ?? '').replace(
    /=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi,
    (_, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
  let body = raw.slice(split + 4).replace(/\r\n$/, '');
  const transfer = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (transfer === 'quoted-printable') body = decodeQuotedPrintable(body.replace(/=\r\n/g, ''));
  if (transfer === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { subject: subject.trim(), body: body.replace(/\r\n/g, '\n') };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const email = (
  recipient: string,
  subject = 'Your verification code',
  body = 'Your code is 314159.',
): NewOutboxMessage => ({
  channel: 'email',
  recipient,
  subject,
  body,
});

describe.each(dialects)('outbox delivery on $name', (dialect) => {
  let smtp: TestSmtp;
  let smtpUrl: string;
  const apps: TestApp[] = [];

  async function appWith(env: Record<string, string> = {}): Promise<TestApp> {
    const t = await createTestApp(dialect, {
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'Account Centre <no-reply@account.example.com>',
      OUTBOX_POLL_MS: '0',
      ...env,
    });
    apps.push(t);
    return t;
  }

  const row = (t: TestApp, id: number) =>
    t.app.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    smtp = new TestSmtp();
    const port = await smtp.start();
    smtpUrl = `smtp://mailer:s3cret@127.0.0.1:${port}`;
  });
  afterEach(async () => {
    smtp.failWith = null;
    smtp.received.length = 0;
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });
  afterAll(async () => smtp.stop());

  it('sends an e-mail row through SMTP and marks it sent', async () => {
    const t = await appWith();
    const { id } = await insertMessage(t.app.db, email('ann@example.com'), t.clock.now());

    expect(await t.app.outbox.flush()).toEqual({ sent: 1, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message).toMatchObject({
      mailFrom: 'no-reply@account.example.com',
      rcptTo: ['ann@example.com'],
      user: 'mailer',
      subject: 'Your verification code',
      body: 'Your code is 314159.',
    });
    expect(message?.raw).toMatch(/^To: ann@example\.com\r$/m);
    expect(await row(t, id)).toMatchObject({ sent_at: t.clock.now(), attempts: 1, last_error: null });
  });

  it('keeps non-ASCII subjects and bodies intact', async () => {
    const t = await appWith();
    const subject = '您的验证码';
    const body = '您的验证码是 271828，10 分钟内有效。\nSi no lo pediste, ignora este mensaje — gracias.';
    await insertMessage(t.app.db, email('li@example.cn', subject, body), t.clock.now());

    await t.app.outbox.flush();

    expect(smtp.received[0]).toMatchObject({ rcptTo: ['li@example.cn'], subject, body });
  });

  it('sends each message once and leaves sent rows alone', async () => {
    const t = await appWith();
    for (const name of ['a', 'b', 'c']) await insertMessage(t.app.db, email(`${name}@example.com`), t.clock.now());

    expect(await t.app.outbox.flush()).toEqual({ sent: 3, failed: 0 });
    expect(await t.app.outbox.flush()).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(86_400);
    expect(await t.app.outbox.flush()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received.map((m) => m.rcptTo[0]).sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
  });

  it('leaves the row unsent with last_error when the SMTP server refuses it', async () => {
    const t = await appWith();
    smtp.failWith = { code: 451, text: 'Mailbox temporarily unavailable' };
    const { id } = await insertMessage(t.app.db, email('bob@example.com'), t.clock.now());

    expect(await t.app.outbox.flush()).toEqual({ sent: 0, failed: 1 });

    const failed = await row(t, id);
    expect(failed.sent_at).toBeNull();
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toContain('451');
    expect(failed.last_error).toContain('Mailbox temporarily unavailable');
    expect(smtp.received).toHaveLength(0);
  });

  it('records a connection failure as last_error', async () => {
    const closed = new TestSmtp();
    const port = await closed.start();
    await closed.stop();
    const t = await appWith({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const { id } = await insertMessage(t.app.db, email('cy@example.com'), t.clock.now());

    expect(await t.app.outbox.flush()).toEqual({ sent: 0, failed: 1 });

    const failed = await row(t, id);
    expect(failed.sent_at).toBeNull();
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('waits out the back-off before a retry, then delivers and clears the error', async () => {
    const t = await appWith();
    smtp.failWith = { code: 451, text: 'Try again later' };
    const { id } = await insertMessage(t.app.db, email('dee@example.com'), t.clock.now());
    await t.app.outbox.flush();
    smtp.failWith = null;

    t.clock.advance(retryDelay(1) - 1);
    expect(await t.app.outbox.flush()).toEqual({ sent: 0, failed: 0 });
    expect((await row(t, id)).attempts).toBe(1);

    t.clock.advance(1);
    expect(await t.app.outbox.flush()).toEqual({ sent: 1, failed: 0 });
    expect(await row(t, id)).toMatchObject({ sent_at: t.clock.now(), attempts: 2, last_error: null });
    expect(smtp.received.map((m) => m.rcptTo[0])).toEqual(['dee@example.com']);
  });

  it('gives up after OUTBOX_MAX_ATTEMPTS tries', async () => {
    const t = await appWith({ OUTBOX_MAX_ATTEMPTS: '3' });
    smtp.failWith = { code: 550, text: 'No such user here' };
    const { id } = await insertMessage(t.app.db, email('eve@example.com'), t.clock.now());

    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await t.app.outbox.flush()).toEqual({ sent: 0, failed: 1 });
      t.clock.advance(retryDelay(attempt));
    }
    smtp.failWith = null;
    t.clock.advance(86_400);
    expect(await t.app.outbox.flush()).toEqual({ sent: 0, failed: 0 });

    expect(await row(t, id)).toMatchObject({ sent_at: null, attempts: 3 });
    expect((await row(t, id)).last_error).toContain('No such user here');
    expect(smtp.received).toHaveLength(0);
  });

  it('grows the back-off exponentially up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([30, 60, 120, 240]);
    expect(retryDelay(20)).toBe(3600);
  });

  it('never sends one row twice when several workers deliver at once', async () => {
    const t = await appWith();
    const total = 40;
    for (let i = 0; i < total; i++) await insertMessage(t.app.db, email(`user${i}@example.com`), t.clock.now());
    // Four workers of as many "instances", all with their own SMTP pool, racing for the rows.
    const workers = Array.from({ length: 3 }, () => {
      const mail = createSmtpTransport(smtpUrl);
      return {
        mail,
        delivery: new OutboxDelivery({
          db: t.app.db,
          dialect: t.app.dialect,
          clock: t.clock,
          mail,
          mailFrom: t.config.mailFrom,
          sms: new SandboxSmsSender(),
          maxAttempts: 3,
          log: t.app.log,
          batchSize: 3,
        }),
      };
    });

    const results = await Promise.all([t.app.outbox.flush(), ...workers.map((w) => w.delivery.flush())]);
    for (const w of workers) w.mail.close();

    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(total);
    const recipients = smtp.received.map((m) => m.rcptTo[0]);
    expect(recipients).toHaveLength(total);
    expect(new Set(recipients).size).toBe(total);
    const rows = await t.app.db.selectFrom('outbox').select(['attempts', 'sent_at']).execute();
    expect(rows.every((r) => r.attempts === 1 && r.sent_at !== null)).toBe(true);
  });

  it('does not take a message another worker holds, until its lease runs out', async () => {
    const t = await appWith();
    const { id } = await insertMessage(t.app.db, email('fay@example.com'), t.clock.now());
    // A worker that claimed the row and then died: attempts counted, lease set, nothing sent.
    await t.app.db
      .updateTable('outbox')
      .set({ attempts: 1, next_attempt_at: t.clock.now() + 300 })
      .where('id', '=', id)
      .execute();

    expect(await t.app.outbox.flush()).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(300);
    expect(await t.app.outbox.flush()).toEqual({ sent: 1, failed: 0 });
    expect(await row(t, id)).toMatchObject({ attempts: 2, last_error: null });
  });

  it('delivers on its own while the app runs, and stops when it closes', async () => {
    const t = await appWith({ OUTBOX_POLL_MS: '25' });
    const { id } = await insertMessage(t.app.db, email('gus@example.com'), t.clock.now());

    await until(async () => (await row(t, id)).sent_at !== null);
    expect(smtp.received.map((m) => m.rcptTo[0])).toEqual(['gus@example.com']);

    const started = Date.now();
    await t.app.close();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('without SMTP_URL leaves e-mail rows in the outbox', async () => {
    const t = await appWith({ SMTP_URL: '' });
    const { id } = await insertMessage(t.app.db, email('hal@example.com'), t.clock.now());

    expect(await t.app.outbox.flush()).toEqual({ sent: 0, failed: 0 });
    expect(await row(t, id)).toMatchObject({ sent_at: null, attempts: 0, last_error: null });
  });

  it('leaves SMS rows in the outbox with the sandbox adapter', async () => {
    const t = await appWith();
    const { id } = await insertMessage(
      t.app.db,
      { channel: 'sms', recipient: '13812345678', subject: '', body: 'Code 161803' },
      t.clock.now(),
    );

    expect(await t.app.outbox.flush()).toEqual({ sent: 0, failed: 0 });
    expect(await row(t, id)).toMatchObject({ sent_at: null, attempts: 0, last_error: null });
    await expect(new SandboxSmsSender().send()).rejects.toThrow(/delivers nothing/);
  });

  it('hands SMS rows to a provider adapter, and records its failures', async () => {
    const t = await appWith({ SMTP_URL: '' });
    const accepted: { to: string; text: string }[] = [];
    let refuse = false;
    const provider: SmsSender = {
      async send(to, text) {
        if (refuse) throw new Error('provider said: quota exceeded');
        accepted.push({ to, text });
      },
    };
    const delivery = new OutboxDelivery({
      db: t.app.db,
      dialect: t.app.dialect,
      clock: t.clock,
      mail: null,
      mailFrom: t.config.mailFrom,
      sms: provider,
      maxAttempts: 3,
      log: t.app.log,
    });
    const sms = await insertMessage(
      t.app.db,
      { channel: 'sms', recipient: '13812345678', subject: 'ignored by SMS', body: 'Code 161803' },
      t.clock.now(),
    );
    const mail = await insertMessage(t.app.db, email('ida@example.com'), t.clock.now());

    expect(await delivery.flush()).toEqual({ sent: 1, failed: 0 });
    expect(accepted).toEqual([{ to: '13812345678', text: 'Code 161803' }]);
    expect((await row(t, sms.id)).sent_at).toBe(t.clock.now());
    // No SMTP transport: the e-mail row is not this worker's to touch.
    expect(await row(t, mail.id)).toMatchObject({ sent_at: null, attempts: 0 });

    refuse = true;
    const second = await insertMessage(
      t.app.db,
      { channel: 'sms', recipient: '13912345678', subject: '', body: 'Code 141421' },
      t.clock.now(),
    );
    expect(await delivery.flush()).toEqual({ sent: 0, failed: 1 });
    expect(await row(t, second.id)).toMatchObject({
      sent_at: null,
      attempts: 1,
      last_error: 'provider said: quota exceeded',
    });
  });
});

describe.each(dialects)('dev outbox route on $name', (dialect) => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });
  /** Reads the dev outbox, naming no host. */
  const outbox = (query: Partial<RouteQuery<typeof devOutboxRoute>>) => {
    if (!t) throw new Error('no test app');
    return call(t, devOutboxRoute, { query, host: null });
  };

  it("lists the recipient's messages, newest first, and nobody else's", async () => {
    t = await createTestApp(dialect);
    const now = t.clock.now();
    const first = await insertMessage(t.app.db, email('amy@example.com', 'first'), now);
    await insertMessage(t.app.db, email('zed@example.com', 'not hers'), now);
    const second = await insertMessage(t.app.db, email('amy@example.com', 'second'), now + 5);
    const third = await insertMessage(t.app.db, email('amy@example.com', 'third', 'Code 000042'), now + 9);

    const res = await outbox({ to: 'amy@example.com' });

    expect(res.status).toBe(200);
    const answer = res.ok();
    expect(answer).toMatchObject({ status: 'success', code: 0, msg: 'ok' });
    expect(answer.data.map((m) => m.id)).toEqual([third.id, second.id, first.id]);
    expect(answer.data[0]).toEqual({
      id: third.id,
      channel: 'email',
      recipient: 'amy@example.com',
      subject: 'third',
      body: 'Code 000042',
      created_at: now + 9,
      sent_at: null,
    });
  });

  it('honours limit and finds an e-mail recipient whatever its letter case', async () => {
    t = await createTestApp(dialect);
    for (let i = 0; i < 3; i++) await insertMessage(t.app.db, email('bea@example.com', `m${i}`), t.clock.now());

    const res = await outbox({ to: 'Bea@Example.com', limit: 2 });

    expect(res.status).toBe(200);
    expect(res.ok().data.map((m) => m.subject)).toEqual(['m2', 'm1']);
  });

  it('lists SMS messages by phone number', async () => {
    t = await createTestApp(dialect);
    await insertMessage(
      t.app.db,
      { channel: 'sms', recipient: '13812345678', subject: '', body: 'Code 123456' },
      t.clock.now(),
    );

    const res = await outbox({ to: '13812345678' });

    expect(res.ok().data).toMatchObject([{ channel: 'sms', recipient: '13812345678', body: 'Code 123456' }]);
  });

  it('refuses a request without a recipient', async () => {
    t = await createTestApp(dialect);
    const res = await outbox({});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', msg: 'invalid request' });
  });

  it('does not exist in production', async () => {
    t = await createTestApp(dialect, { NODE_ENV: 'production', DEV_TOOLS: 'false' });
    await insertMessage(t.app.db, email('cat@example.com'), t.clock.now());

    const res = await outbox({ to: 'cat@example.com' });

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 'error', code: 0, msg: 'not found' });
    const openapi = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(openapi.paths['/api/dev/outbox']).toBeUndefined();
  });

  it('does not exist when dev tools are off outside production either', async () => {
    t = await createTestApp(dialect, { DEV_TOOLS: 'false' });
    const res = await outbox({ to: 'cat@example.com' });
    expect(res.status).toBe(404);
  });
});
