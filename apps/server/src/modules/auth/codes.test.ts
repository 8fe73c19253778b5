import { createHash } from 'node:crypto';
import { registerRoute, type RouteBody, sendCodeRoute } from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import {
  DOMESTIC_HOST,
  latestCode,
  OVERSEAS_HOST,
  PASSWORD,
  registerByEmail,
  requestCode,
  rowCounts,
  uniqueEmail,
  uniqueMobile,
} from '../../../test/helpers/auth.js';
import { call } from '../../../test/helpers/call.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { listForRecipient } from '../outbox/outbox.repository.js';
import { codeHash } from './codes.service.js';

describeOnEachDialect('verification codes on $name', (t) => {
  const send = (body: RouteBody<typeof sendCodeRoute>, host = OVERSEAS_HOST) => call(t, sendCodeRoute, { body, host });

  const register = (body: RouteBody<typeof registerRoute>, host = OVERSEAS_HOST) =>
    call(t, registerRoute, { body, host });

  const codeRow = (target: string) =>
    t.app.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('target', '=', target)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  it('sends a 6-digit code by e-mail through the outbox, to the lower-cased address', async () => {
    const email = uniqueEmail('Mixed').replace('mixed', 'MiXeD');
    const res = await send({ purpose: 1, email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', code: 0, msg: 'ok', data: { expires_in: 600, resend_after: 60 } });

    const [message] = await listForRecipient(t.app.db, email.toLowerCase(), 5);
    expect(message).toMatchObject({ channel: 'email', recipient: email.toLowerCase() });
    const code = await latestCode(t, email.toLowerCase());
    expect(code).toMatch(/^\d{6}$/);
    expect(message?.subject).toContain(code);
    expect(message?.body).toContain(code);
  });

  it('stores only an HMAC keyed with the server secret, never the code or its plain hash', async () => {
    const email = uniqueEmail();
    const code = await requestCode(t, { purpose: 2, email });
    const row = await codeRow(email);
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).not.toBe(createHash('sha256').update(code).digest('hex'));
    expect(row.code_hash).toBe(codeHash(t.config.secretKey, 2, email, code));
    expect(row.code_hash).not.toBe(codeHash('another-secret-another-secret-0123', 2, email, code));
    expect(row).toMatchObject({ purpose: 2, attempts: 0, consumed_at: null, expires_at: t.clock.now() + 600 });
  });

  it.each([1, 2, 3, 4, 6, 8, 11] as const)('accepts purpose %i', async (purpose) => {
    expect((await send({ purpose, email: uniqueEmail() })).status).toBe(200);
  });

  it.each([0, 5, 7, 9, 12])('refuses purpose %i', async (purpose) => {
    // Purposes the contract does not have: sent by hand.
    const res = await t.app.inject({
      method: 'POST',
      url: sendCodeRoute.path,
      headers: { host: OVERSEAS_HOST },
      payload: { purpose, email: uniqueEmail() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('invalid request');
  });

  it('refuses a second send to one address within 60 s with the seconds left, then allows it', async () => {
    const email = uniqueEmail();
    expect((await send({ purpose: 1, email })).status).toBe(200);
    t.clock.advance(20);
    const before = await rowCounts(t);
    const res = await send({ purpose: 8, email });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ status: 'error', code: 5, msg: 'too frequent', data: { retry_after: 40 } });
    expect(await rowCounts(t)).toEqual(before);
    t.clock.advance(40);
    expect((await send({ purpose: 8, email })).status).toBe(200);
  });

  it('allows 10 sends per address per day, then answers code count limit until the day is over', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 10; i++) {
      expect((await send({ purpose: 1, email })).status).toBe(200);
      t.clock.advance(60);
    }
    const res = await send({ purpose: 1, email });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ status: 'error', code: 10, msg: 'code count limit' });
    expect((res.body.data as { retry_after: number }).retry_after).toBeGreaterThan(0);
    expect(await listForRecipient(t.app.db, email, 100)).toHaveLength(10);

    t.clock.advance(86_400);
    expect((await send({ purpose: 1, email })).status).toBe(200);
  });

  it('lets exactly one of many concurrent sends to one address through', async () => {
    const email = uniqueEmail();
    const results = await Promise.all(Array.from({ length: 12 }, () => send({ purpose: 1, email })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 429)).toHaveLength(11);
    expect(await listForRecipient(t.app.db, email, 100)).toHaveLength(1);
  });

  it('sends SMS codes only in the domestic region', async () => {
    const mobile = uniqueMobile();
    const before = await rowCounts(t);
    const refused = await send({ purpose: 8, mobile }, OVERSEAS_HOST);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ status: 'error', code: 0, msg: 'not available in this region' });
    expect(await rowCounts(t)).toEqual(before);

    expect((await send({ purpose: 8, mobile }, DOMESTIC_HOST)).status).toBe(200);
    const [message] = await listForRecipient(t.app.db, mobile, 1);
    expect(message).toMatchObject({ channel: 'sms', recipient: mobile });
    expect(await latestCode(t, mobile)).toMatch(/^\d{6}$/);
  });

  it('answers the same whether or not an account exists for the address', async () => {
    const existing = await registerByEmail(t);
    t.clock.advance(60);
    const forExisting = await send({ purpose: 1, email: existing.email });
    const forNew = await send({ purpose: 1, email: uniqueEmail() });
    expect(forExisting.status).toBe(200);
    expect(forExisting.raw.body).toBe(forNew.raw.body);
  });

  describe('checking a code', () => {
    it('answers invalid code (3) for wrong digits and expired (4) after 10 minutes', async () => {
      const email = uniqueEmail();
      const code = await requestCode(t, { purpose: 1, email });
      const wrong = code === '000000' ? '111111' : '000000';
      const bad = await register({ email, password: PASSWORD, code: wrong });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ status: 'error', code: 3, msg: 'invalid code' });

      t.clock.advance(601);
      const late = await register({ email, password: PASSWORD, code });
      expect(late.status).toBe(400);
      expect(late.body).toEqual({ status: 'error', code: 4, msg: 'expired' });
    });

    it('answers expired when no code was ever sent', async () => {
      const res = await register({ email: uniqueEmail(), password: PASSWORD, code: '123456' });
      expect(res.body).toEqual({ status: 'error', code: 4, msg: 'expired' });
    });

    it('is single use', async () => {
      const email = uniqueEmail();
      const code = await requestCode(t, { purpose: 1, email });
      expect((await register({ email, password: PASSWORD, code })).status).toBe(200);
      const again = await register({ email, password: PASSWORD, code });
      expect(again.body).toMatchObject({ code: 4, msg: 'expired' });
    });

    it('only accepts the newest code of an address and purpose', async () => {
      const email = uniqueEmail();
      const first = await requestCode(t, { purpose: 1, email });
      t.clock.advance(60);
      const second = await requestCode(t, { purpose: 1, email });
      if (first !== second) {
        expect((await register({ email, password: PASSWORD, code: first })).body.msg).toBe('invalid code');
      }
      expect((await register({ email, password: PASSWORD, code: second })).status).toBe(200);
    });

    it('does not accept a code of another purpose', async () => {
      const email = uniqueEmail();
      const code = await requestCode(t, { purpose: 8, email });
      const res = await register({ email, password: PASSWORD, code });
      expect(res.body).toMatchObject({ code: 4, msg: 'expired' });
    });

    it('gives a code 5 tries; the 6th is refused even with the right digits', async () => {
      const email = uniqueEmail();
      const code = await requestCode(t, { purpose: 1, email });
      const wrong = code === '999999' ? '888888' : '999999';
      for (let i = 0; i < 5; i++) {
        expect((await register({ email, password: PASSWORD, code: wrong })).body.msg).toBe('invalid code');
      }
      const sixth = await register({ email, password: PASSWORD, code });
      expect(sixth.status).toBe(400);
      expect(sixth.body).toEqual({ status: 'error', code: 4, msg: 'expired' });
      expect((await codeRow(email)).attempts).toBe(5);
    });

    it('evaluates at most 5 of 20 concurrent wrong guesses', async () => {
      const email = uniqueEmail();
      const code = await requestCode(t, { purpose: 1, email });
      const wrong = code === '123123' ? '321321' : '123123';
      const results = await Promise.all(
        Array.from({ length: 20 }, () => register({ email, password: PASSWORD, code: wrong })),
      );
      const msgs = results.map((r) => r.body.msg);
      expect(msgs.filter((m) => m === 'invalid code')).toHaveLength(5);
      expect(msgs.filter((m) => m === 'expired')).toHaveLength(15);
      expect((await codeRow(email)).attempts).toBe(5);
      expect((await register({ email, password: PASSWORD, code })).body.msg).toBe('expired');
    });
  });
});
