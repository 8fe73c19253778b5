import { CANCELLABLE_PRODUCT_IDS, type SubscriptionProduct } from '@account-centre/contract';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { LicenceGrantsTable, SubscriptionsTable } from './grants.tables.js';

/**
 * The grants module's queries on a licence's two tables (docs/architecture.md#grants-and-ledgers):
 * `licence_grants`, what each grant of a licence brings, and `subscriptions`, the record a
 * product's licence is read from — a projection rebuilt from the live licence grants, written
 * only through `rebuildLicenceRecord`.
 */

export type LicenceGrantRow = Selectable<LicenceGrantsTable>;
export type SubscriptionRecordRow = Selectable<SubscriptionsTable>;
export type LicenceRecordValues = Insertable<SubscriptionsTable>;

export async function insertLicenceGrant(trx: Db, row: Insertable<LicenceGrantsTable>): Promise<void> {
  await trx.insertInto('licence_grants').values(row).execute();
}

/** What a person's grants of a product's licence that are not taken back bring. */
export function liveLicenceGrants(trx: Db, userId: number, product: SubscriptionProduct): Promise<LicenceGrantRow[]> {
  return trx
    .selectFrom('licence_grants as l')
    .innerJoin('grants as g', 'g.id', 'l.grant_id')
    .selectAll('l')
    .where('l.user_id', '=', userId)
    .where('l.product', '=', product)
    .where('g.revoked_at', 'is', null)
    .execute();
}

/** A person's licence record of one product, if they hold one. */
export function licenceRecordOf(
  db: Db,
  userId: number,
  product: SubscriptionProduct,
): Promise<SubscriptionRecordRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('product', '=', product)
    .executeTakeFirst();
}

/** Writes a product's record as its live grants make it (inserted, or the existing one replaced). */
export function writeLicenceRecord(trx: Db, record: LicenceRecordValues): Promise<SubscriptionRecordRow> {
  const { user_id: _user, product: _product, ...update } = record;
  return trx
    .insertInto('subscriptions')
    .values(record)
    .onConflict((oc) => oc.columns(['user_id', 'product']).doUpdateSet(update))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteLicenceRecord(trx: Db, userId: number, product: SubscriptionProduct): Promise<void> {
  await trx.deleteFrom('subscriptions').where('user_id', '=', userId).where('product', '=', product).execute();
}

/** Marks a renewing subscription of the cancellable product ids as no longer renewing; undefined: none was. */
export function cancelRenewingRecord(trx: Db, userId: number, product: SubscriptionProduct, now: number) {
  return trx
    .updateTable('subscriptions')
    .set({ have_renew: 0, updated_at: now })
    .where('user_id', '=', userId)
    .where('product', '=', product)
    .where('have_renew', '=', 1)
    .where('type', '=', 'subs')
    .where('product_id', 'in', [...CANCELLABLE_PRODUCT_IDS])
    .returningAll()
    .executeTakeFirst();
}

/** The product's licence grants stop bringing a renewal. */
export async function stopLicenceGrantRenewals(trx: Db, userId: number, product: SubscriptionProduct): Promise<void> {
  await trx
    .updateTable('licence_grants')
    .set({ have_renew: 0 })
    .where('user_id', '=', userId)
    .where('product', '=', product)
    .where('have_renew', '=', 1)
    .execute();
}

/** A person's licence records, one per product they hold (what the order screen lists). */
export function licenceRecords(db: Db, userId: number): Promise<SubscriptionRecordRow[]> {
  return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();
}
