import type { Region } from '@account-centre/contract';
import type { CliCommand } from '../../cli/cli.js';
import { createAccount } from './accounts.service.js';

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
