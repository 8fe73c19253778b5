import type { Region } from '@account-centre/contract';
import { type CliCommand, UsageError } from '../../cli/cli.js';
import { createAccount } from './accounts.service.js';
import { parseAccount } from './auth.service.js';
import { releaseLimits } from './throttle.js';

export const userCreateCommand: CliCommand = {
  name: 'user:create',
  description:
    'Create an account with an e-mail and password (and optionally a mobile). The same rules as sign-up apply: a common password is refused, and an existing e-mail or mobile is a conflict.',
  options: [
    { name: 'email', description: 'e-mail address (stored lower-case)', required: true },
    { name: 'password', description: '8–128 characters, not a common password', required: true },
    { name: 'mobile', description: 'mainland mobile number (11 digits)' },
    {
      name: 'region',
      description: 'region of the account; default domestic with --mobile, else overseas',
      values: ['domestic', 'overseas'],
    },
    { name: 'nick', description: 'nickname, 1–32 characters; default the e-mail local part' },
  ],
  run: async (context, flags) => {
    const region: Region = (flags.region as Region | undefined) ?? (flags.mobile ? 'domestic' : 'overseas');
    return createAccount(await context.deps(), {
      email: flags.email ?? null,
      password: flags.password ?? null,
      mobile: flags.mobile ?? null,
      region,
      nickName: flags.nick ?? null,
    });
  },
};

export const signInReleaseCommand: CliCommand = {
  name: 'signin:release',
  description:
    'Lift the sign-in and code limits of one e-mail address or mobile number, for a person support has verified: the lock after wrong passwords (at every network address it was tried from), the growing wait, and the 60-second spacing and daily count of verification codes. The limits of a network address (tries across many accounts) stay. Recorded with the reason in the audit trail of the account at that address.',
  options: [
    {
      name: 'account',
      description: 'the e-mail address or mainland mobile number, as the person signs in',
      required: true,
    },
    { name: 'reason', description: 'why, for the audit trail (e.g. the support ticket)', required: true },
  ],
  run: async (context, flags) => {
    const account = parseAccount(flags.account as string);
    if (!account) throw new UsageError('--account must be an e-mail address or a mainland mobile number');
    const reason = (flags.reason as string).trim();
    if (!reason) throw new UsageError('--reason must not be empty');
    const deps = await context.deps();
    return releaseLimits(deps.db, account, reason, deps.clock.now());
  },
};
