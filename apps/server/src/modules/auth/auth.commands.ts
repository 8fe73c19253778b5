import { UsageError } from '../../lib/cli/index.js';
import { operatorCommand } from '../operator-command.js';
import { createAccount } from './accounts.service.js';
import { parseAccount } from './auth.service.js';
import { releaseLimits } from './throttle.js';

export const userCreateCommand = operatorCommand({
  name: 'user:create',
  description:
    'Create an account with an e-mail and password (and optionally a mobile). The same rules as sign-up apply: a common password is refused, and an existing e-mail or mobile is a conflict.',
  options: [
    { kind: 'text', name: 'email', description: 'e-mail address (stored lower-case)', required: true },
    { kind: 'text', name: 'password', description: '8–128 characters, not a common password', required: true },
    { kind: 'text', name: 'mobile', description: 'mainland mobile number (11 digits)' },
    {
      kind: 'choice',
      name: 'region',
      description: 'region of the account; default domestic with --mobile, else overseas',
      values: ['domestic', 'overseas'],
    },
    { kind: 'text', name: 'nick', description: 'nickname, 1–32 characters; default the e-mail local part' },
  ],
  run: async (context, { email, password, mobile, region, nick }) =>
    createAccount(await context.deps(), {
      email,
      password,
      mobile: mobile ?? null,
      region: region ?? (mobile ? 'domestic' : 'overseas'),
      nickName: nick ?? null,
    }),
});

export const signInReleaseCommand = operatorCommand({
  name: 'signin:release',
  description:
    'Lift the sign-in and code limits of one e-mail address or mobile number, for a person support has verified: the lock after wrong passwords (at every network address it was tried from), the growing wait, and the 60-second spacing and daily count of verification codes. The limits of a network address (tries across many accounts) stay. Recorded with the reason in the audit trail of the account at that address.',
  options: [
    {
      kind: 'text',
      name: 'account',
      description: 'the e-mail address or mainland mobile number, as the person signs in',
      required: true,
    },
    {
      kind: 'text',
      name: 'reason',
      description: 'why, for the audit trail (e.g. the support ticket)',
      required: true,
      nonEmpty: true,
    },
  ],
  run: async (context, flags) => {
    // The rules of a sign-in name are the sign-in's own (parseAccount), not a kind of option.
    const account = parseAccount(flags.account);
    if (!account) throw new UsageError('--account must be an e-mail address or a mainland mobile number');
    const reason = flags.reason;
    const deps = await context.deps();
    return releaseLimits(deps.db, account, reason, deps.clock.now());
  },
});
