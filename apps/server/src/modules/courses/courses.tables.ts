import type { CourseProduct, CourseSaleWay } from '@account-centre/contract';
import type { Generated } from 'kysely';

/** A course of the academy (spec 01 §3); who holds one is a `course` grant of its id. */
export interface CoursesTable {
  id: string;
  name: string;
  product: CourseProduct;
  sale_way: CourseSaleWay;
  /** Fen; 0 for a free course. */
  price: number;
  link_url: string;
  cover_url: string | null;
  created_at: number;
  updated_at: number;
  /** The name in other languages: JSON language → text (docs/decisions/058). */
  name_translations: Generated<string | null>;
}

declare module '../../db/db.js' {
  /** The tables the courses module owns (docs/architecture.md#table-owners). */
  interface Database {
    courses: CoursesTable;
  }
}
