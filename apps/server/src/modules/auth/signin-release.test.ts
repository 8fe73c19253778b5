import { sendCodeRoute } from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { login, PASSWORD, registerByEmail, uniqueEmail, uniqueIp } from '../../../test/helpers/auth.js';
import { call } from '../../../test/helpers/call.js';
import { cliRunner, flags } from '../../../test/helpers/cli.js';
import { dialects, suiteTestApp } from '../../../test/helpers/test-app.js';
import { signInLimits } from './throttle.js';
import { auditDetails } from '../../../test/helpers/audit.js';

describe.each(dialects)('an operator lifting one address’s sign-in limits on $name', (dialect) => {
  const t = suiteTestApp(dialect);
  const admin = cliRunner(() => t);

  const sendCode = (email: string) => call(t, sendCodeRoute, { body: { purpose: 8, email } });
  const throttleKeys = async () =>
    (await t.app.db.selectFrom('login_throttle').select('key').execute()).map((row) => row.key);

  it('ends the lock after wrong passwords and the wait between codes, keeps the network address’s count, and records why', async () => {
    const account = await registerByEmail(t);
    const ip = uniqueIp();
    for (let i = 0; i < signInLimits.accountAtAddress.limit; i++) {
      expect((await login(t, { account: account.email, password: 'Wrong-Horse-42' }, { ip })).statusCode).toBe(400);
    }
    const locked = await login(t, { account: account.email, password: PASSWORD }, { ip });
    expect(locked.json()).toMatchObject({ status: 'error', msg: 'login limit' });
    // The sign-up code went moments ago: another is refused for a minute.
    expect((await sendCode(account.email)).body).toMatchObject({ msg: 'too frequent' });

    const released = await admin(
      'signin:release',
      ...flags({ account: ` ${account.email.toUpperCase()} `, reason: 'ticket 4711: owner verified' }),
    );
    expect(released.code).toBe(0);
    expect(released.json).toEqual({
      account: account.email,
      // The account's own row and its row at the address it was tried from.
      throttle_rows: 2,
      code_sends: true,
      user_id: account.user_id,
    });
    expect(await throttleKeys()).toContain(`ip:${ip}`);

    expect((await login(t, { account: account.email, password: PASSWORD }, { ip })).statusCode).toBe(200);
    expect((await sendCode(account.email)).status).toBe(200);
    expect(await auditDetails(t.app.db, account.user_id, 'signin.released')).toEqual([
      { reason: 'ticket 4711: owner verified', throttle_rows: 2, code_sends: true },
    ]);
  });

  it('answers what it found for an address no account has, and writes no audit event', async () => {
    const email = uniqueEmail();
    await login(t, { account: email, password: 'Wrong-Horse-42' });
    const audits = await t.app.db.selectFrom('audit_events').select('id').execute();
    const released = await admin('signin:release', '--account', email, '--reason', 'ticket 4712');
    expect(released.json).toEqual({ account: email, throttle_rows: 2, code_sends: false, user_id: null });
    expect(await t.app.db.selectFrom('audit_events').select('id').execute()).toHaveLength(audits.length);
  });

  it('refuses an account that is neither an address nor a number, and an empty reason, changing nothing', async () => {
    const before = await throttleKeys();
    const notAnAddress = await admin('signin:release', '--account', 'someone', '--reason', 'ticket');
    expect(notAnAddress.code).toBe(1);
    expect(notAnAddress.error.error).toMatch(/--account must be an e-mail address or a mainland mobile number/);
    const noReason = await admin('signin:release', '--account', uniqueEmail(), '--reason', '  ');
    expect(noReason.code).toBe(1);
    expect(noReason.error.error).toMatch(/--reason must not be empty/);
    expect(await throttleKeys()).toEqual(before);
  });
});
