import { noticeAudiences, notificationTypes } from '@account-centre/contract';
import fs from 'node:fs';
import { UsageError } from '../../lib/cli/index.js';
import { operatorCommand } from '../operator-command.js';
import type { Translations } from '../../lib/localised-text.js';
import { sendNotice, withdrawNotice } from './messages.service.js';

export const noticeSendCommand = operatorCommand({
  name: 'notice:send',
  description:
    'Send a message: to accounts named by id (--users), to everyone, to a region’s or a language’s accounts. One row whoever it is for; its content is sanitised to paragraphs, bold, line breaks and http(s) links. Give it in several languages with --content-<language> (or --file-<language>): each reader sees their language (or the other Chinese script), else --content, else their region’s language.',
  options: [
    { kind: 'choice', name: 'to', description: 'who it is for', required: true, values: noticeAudiences },
    { kind: 'list', ids: true, name: 'users', description: 'users: comma-separated account ids' },
    { kind: 'text', name: 'value', description: 'region: domestic or overseas; language: its code (en, zh, de…)' },
    {
      kind: 'choice',
      name: 'type',
      description: 'system (default) or other',
      values: notificationTypes,
      default: 'system',
    },
    { kind: 'localised', name: 'content', description: 'the message as HTML' },
    { kind: 'localised', name: 'file', description: 'read the content from this file instead' },
  ],
  run: async (context, flags) => {
    const typed = flags.content;
    const read = flags.file;
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
        audience: flags.to,
        value: flags.value ?? null,
        userIds: flags.users,
        type: flags.type,
        content: text,
        translations,
      },
      deps.clock.now(),
    );
  },
});

export const noticeWithdrawCommand = operatorCommand({
  name: 'notice:withdraw',
  description: 'Withdraw a message: no one sees it from then on.',
  options: [{ kind: 'integer', name: 'notice', description: 'the notice id', required: true }],
  run: async (context, { notice: id }) => {
    const deps = await context.deps();
    await withdrawNotice(deps.db, id, deps.clock.now());
    return { withdrawn: id };
  },
});
