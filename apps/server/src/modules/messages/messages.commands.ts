import {
  type NoticeAudience,
  noticeAudiences,
  type NotificationType,
  notificationTypes,
} from '@account-centre/contract';
import fs from 'node:fs';
import { type CliCommand, UsageError } from '../../cli/cli.js';
import { localisedFlag } from '../../cli/localised-flags.js';
import { intFlag, listFlag } from '../../cli/order-flags.js';
import type { Translations } from '../../lib/localised-text.js';
import { sendNotice, withdrawNotice } from './messages.service.js';

export const noticeSendCommand: CliCommand = {
  name: 'notice:send',
  description:
    'Send a message: to accounts named by id (--users), to everyone, to a region’s or a language’s accounts. One row whoever it is for; its content is sanitised to paragraphs, bold, line breaks and http(s) links. Give it in several languages with --content-<language> (or --file-<language>): each reader sees their language (or the other Chinese script), else --content, else their region’s language.',
  options: [
    { name: 'to', description: 'who it is for', required: true, values: noticeAudiences },
    { name: 'users', description: 'users: comma-separated account ids' },
    { name: 'value', description: 'region: domestic or overseas; language: its code (en, zh, de…)' },
    { name: 'type', description: 'system (default) or other', values: notificationTypes },
    { name: 'content', description: 'the message as HTML', localised: true },
    { name: 'file', description: 'read the content from this file instead', localised: true },
  ],
  run: async (context, flags) => {
    const typed = localisedFlag(flags, 'content');
    const read = localisedFlag(flags, 'file');
    const fromFiles: Translations = {};
    for (const [language, file] of Object.entries(read.translations)) {
      if (typed.translations[language as keyof Translations] !== undefined)
        throw new UsageError(`give --content-${language} or --file-${language}`);
      fromFiles[language as keyof Translations] = fs.readFileSync(file, 'utf8');
    }
    if (typed.text !== undefined && read.text !== undefined) throw new UsageError('give --content or --file');
    const translations = { ...typed.translations, ...fromFiles };
    const text = typed.text ?? (read.text === undefined ? undefined : fs.readFileSync(read.text, 'utf8'));
    if (text === undefined && Object.keys(translations).length === 0) throw new UsageError('give --content or --file');
    const deps = await context.deps();
    return sendNotice(
      deps.db,
      {
        audience: flags.to as NoticeAudience,
        value: flags.value ?? null,
        userIds: listFlag(flags.users).map((id) => intFlag('users', id) as number),
        type: (flags.type ?? 'system') as NotificationType,
        content: text,
        translations,
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
