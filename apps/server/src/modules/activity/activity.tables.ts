/** Header activity tags (spec 02 §2): one per position and region, optionally time-boxed. */
export interface ActivityTagsTable {
  position: number;
  region: 'domestic' | 'overseas' | 'all';
  name: string;
  url: string;
  starts_at: number | null;
  ends_at: number | null;
  updated_at: number;
}

declare module '../../db/db.js' {
  /** The tables the activity module owns (docs/architecture.md#table-owners). */
  interface Database {
    activity_tags: ActivityTagsTable;
  }
}
