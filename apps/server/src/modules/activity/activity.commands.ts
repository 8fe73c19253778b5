import type { CliCommand } from '../../cli/cli.js';
import { UsageError } from '../../cli/cli.js';
import { clearTag, setTag } from './activity.service.js';

const regions = ['domestic', 'overseas', 'all'] as const;
type TagRegion = (typeof regions)[number];

/** `2026-12-31` (the end of that day, UTC) or unix seconds. */
function parseMoment(value: string | undefined, name: string, endOfDay: boolean): number | null {
  if (value === undefined) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || Number.isNaN(date) || new Date(date).getUTCDate() !== Number(match[3])) {
    throw new UsageError(`--${name} must be a date (YYYY-MM-DD) or unix seconds`);
  }
  return date / 1000 + (endOfDay ? 86_400 : 0);
}

function parsePosition(value: string | undefined): number {
  const position = Number(value ?? '1');
  if (!Number.isInteger(position)) throw new UsageError('--position must be a whole number');
  return position;
}

export const activitySetCommand: CliCommand = {
  name: 'activity:set',
  description: 'Set the activity tag shown beside the membership link of the header (replaces the one there).',
  options: [
    { name: 'name', description: 'the tag text, 1–40 characters', required: true },
    { name: 'url', description: 'where the tag links to (http or https)', required: true },
    { name: 'position', description: 'header position, default 1' },
    { name: 'region', description: 'which region shows it, default all', values: regions },
    { name: 'from', description: 'first day shown (YYYY-MM-DD, UTC) or unix seconds' },
    { name: 'until', description: 'last day shown (YYYY-MM-DD, UTC, inclusive) or unix seconds' },
  ],
  run: async (context, flags) => {
    const { db, clock } = await context.deps();
    const input = {
      position: parsePosition(flags.position),
      region: (flags.region as TagRegion | undefined) ?? 'all',
      name: flags.name ?? '',
      url: flags.url ?? '',
      startsAt: parseMoment(flags.from, 'from', false),
      endsAt: parseMoment(flags.until, 'until', true),
    };
    await setTag(db, input, clock.now());
    return { set: true, ...input };
  },
};

export const activityClearCommand: CliCommand = {
  name: 'activity:clear',
  description: 'Remove the activity tag of a header position and region.',
  options: [
    { name: 'position', description: 'header position, default 1' },
    { name: 'region', description: 'default all', values: regions },
  ],
  run: async (context, flags) => {
    const { db } = await context.deps();
    const position = parsePosition(flags.position);
    const region = (flags.region as TagRegion | undefined) ?? 'all';
    return { cleared: await clearTag(db, position, region), position, region };
  },
};
