import type { Db } from '../../db/database.js';
import type { ActivityTagsTable } from './activity.tables.js';

export type ActivityRegion = ActivityTagsTable['region'];

/** Running tags of a position for a region or for all regions, the region's own first. */
export function findRunningTags(db: Db, position: number, region: 'domestic' | 'overseas', now: number) {
  return db
    .selectFrom('activity_tags')
    .select(['name', 'url', 'region'])
    .where('position', '=', position)
    .where('region', 'in', [region, 'all'])
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .execute();
}

export function upsertTag(db: Db, tag: ActivityTagsTable) {
  return db
    .insertInto('activity_tags')
    .values(tag)
    .onConflict((oc) =>
      oc.columns(['position', 'region']).doUpdateSet({
        name: tag.name,
        url: tag.url,
        starts_at: tag.starts_at,
        ends_at: tag.ends_at,
        updated_at: tag.updated_at,
      }),
    )
    .execute();
}

export function deleteTag(db: Db, position: number, region: ActivityRegion) {
  return db
    .deleteFrom('activity_tags')
    .where('position', '=', position)
    .where('region', '=', region)
    .executeTakeFirst();
}
