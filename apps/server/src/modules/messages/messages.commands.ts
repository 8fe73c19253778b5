import {
  type NoticeAudience,
  noticeAudiences,
  type NotificationType,
  notificationTypes,
} from '@account-centre/contract';
import fs from 'node:fs';
import { type CliCommand, UsageError } from '../../cli/cli.js';
import { intFlag, listFlag } from '../../cli/order-flags.js';
import { sendNotice, withdrawNotice } from './messages.service.js';

export const noticeSendCommand: CliCommand = {
  name: 'notice:send',
  description:
    'Send a message: to accounts named by id (--users), to everyone, to a region’s or a language’s accounts. One row whoever it is for; its content is sanitised to paragraphs, bold, line breaks and http(s) links.',
  options: [
    { name: 'to', description: 'who it is for', required: true, values: noticeAudiences },
    { name: 'users', description: 'users: comma-separated account ids' },
    { name: 'value', description: 'region: domestic or overseas; language: its code (en, zh, de…)' },
    { name: 'type', description: 'system (default) or other', values: notificationTypes },
    { name: 'content', description: 'the message as HTML' },
    { name: 'file', description: 'read the content from this file instead' },
  ],
  run: async (context, flags) => {
    if ((flags.content === undefined) === (flags.file === undefined)) throw new UsageError('give --content or --file');
    const content = flags.content ?? fs.readFileSync(flags.file as string, 'utf8');
    const deps = await context.deps();
    return sendNotice(
      deps.db,
      {
        audience: flags.to as NoticeAudience,
        value: flags.value ?? null,
        userIds: listFlag(flags.users).map((id) => intFlag('users', id) as number),
        type: (flags.type ?? 'system') as NotificationType,
        content,
      },
      deps.clock.now(),
    );
  },
};

export const noticeWithdrawCommand: CliCommand = {
  name: 'notice:withdraw',
  description: 'Withdraw a message: no one sees it from then on.',
  options: [{ name: 'notice', description: 'the notice id', required: true }],
  run: async (context, flags) => {
    const deps = await context.deps();
    const id = intFlag('notice', flags.notice) as number;
    await withdrawNotice(deps.db, id, deps.clock.now());
    return { withdrawn: id };
  },
};
