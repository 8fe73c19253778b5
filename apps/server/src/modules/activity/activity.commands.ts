import { operatorCommand } from '../operator-command.js';
import { clearTag, setTag } from './activity.service.js';

const regions = ['domestic', 'overseas', 'all'] as const;
const dayOrSeconds = 'a date (YYYY-MM-DD) or unix seconds';
const positionOption = {
  kind: 'integer',
  name: 'position',
  description: 'header position, default 1',
  default: 1,
} as const;

export const activitySetCommand = operatorCommand({
  name: 'activity:set',
  description: 'Set the activity tag shown beside the membership link of the header (replaces the one there).',
  options: [
    { kind: 'text', name: 'name', description: 'the tag text, 1–40 characters', required: true },
    { kind: 'text', name: 'url', description: 'where the tag links to (http or https)', required: true },
    positionOption,
    {
      kind: 'choice',
      name: 'region',
      description: 'which region shows it, default all',
      values: regions,
      default: 'all',
    },
    {
      kind: 'time',
      name: 'from',
      description: 'first day shown (YYYY-MM-DD, UTC) or unix seconds',
      expects: dayOrSeconds,
    },
    {
      kind: 'time',
      name: 'until',
      description: 'last day shown (YYYY-MM-DD, UTC, inclusive) or unix seconds',
      endOfDay: true,
      expects: dayOrSeconds,
    },
  ],
  run: async (context, { position, region, name, url, from, until }) => {
    const { db, clock } = await context.deps();
    const input = { position, region, name, url, startsAt: from ?? null, endsAt: until ?? null };
    await setTag(db, input, clock.now());
    return { set: true, ...input };
  },
});

export const activityClearCommand = operatorCommand({
  name: 'activity:clear',
  description: 'Remove the activity tag of a header position and region.',
  options: [
    positionOption,
    { kind: 'choice', name: 'region', description: 'default all', values: regions, default: 'all' },
  ],
  run: async (context, { position, region }) => {
    const { db } = await context.deps();
    return { cleared: await clearTag(db, position, region), position, region };
  },
});
