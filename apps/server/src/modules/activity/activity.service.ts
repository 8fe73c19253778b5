import type { Db } from '../../db/database.js';
import { operatorInputError } from '../../lib/errors.js';
import { type ActivityRegion, deleteTag, findRunningTags, upsertTag } from './activity.repository.js';

export interface ActivityTag {
  name: string;
  url: string;
}

/** The tag the header shows at a position: the region's own tag wins over an `all` tag. */
export async function runningTag(
  db: Db,
  position: number,
  region: 'domestic' | 'overseas',
  now: number,
): Promise<ActivityTag | null> {
  const tags = await findRunningTags(db, position, region, now);
  const tag = tags.find((t) => t.region === region) ?? tags[0];
  return tag ? { name: tag.name, url: tag.url } : null;
}

export interface SetTagInput {
  position: number;
  region: ActivityRegion;
  name: string;
  url: string;
  startsAt: number | null;
  endsAt: number | null;
}

/** Operator: sets (or replaces) the tag of a position and region. */
export async function setTag(db: Db, input: SetTagInput, now: number): Promise<void> {
  const name = input.name.trim();
  if (!Number.isInteger(input.position) || input.position < 1 || input.position > 20) {
    throw operatorInputError('position must be a whole number from 1 to 20');
  }
  if (name.length === 0 || name.length > 40) throw operatorInputError('name must have 1 to 40 characters');
  // The header opens the URL in a new tab: only web links, never javascript: or data: URLs.
  if (!/^https?:\/\/[^\s]+$/i.test(input.url) || input.url.length > 1024) {
    throw operatorInputError('url must be an http(s) URL of at most 1024 characters');
  }
  if (input.startsAt !== null && input.endsAt !== null && input.endsAt <= input.startsAt) {
    throw operatorInputError('the end must come after the start');
  }
  await upsertTag(db, {
    position: input.position,
    region: input.region,
    name,
    url: input.url,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
    updated_at: now,
  });
}

/** Operator: removes the tag of a position and region; tells whether one was there. */
export async function clearTag(db: Db, position: number, region: ActivityRegion): Promise<boolean> {
  const result = await deleteTag(db, position, region);
  return Number(result.numDeletedRows) > 0;
}
