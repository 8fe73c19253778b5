import {
  CompanyErrors,
  getCompanyInviteLinkRoute,
  joinCompanyRoute,
  updateCompanyMembersRoute,
} from '@account-centre/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { call } from '../../../test/helpers/call.js';
import { cliRunner } from '../../../test/helpers/cli.js';
import { dialects, suiteTestApp, type TestDialect } from '../../../test/helpers/test-app.js';
import { type TestUser, testUser } from '../../../test/helpers/users.js';
import { lockLicenceHolder } from '../grants/licences.js';
import { addMember, createCompany, giveBusinessPlan } from './companies.service.js';

const DAY = 86_400;

/**
 * A payment for a company takes the buyer's row, then the company's (payments/settle.service.ts,
 * companies.service.ts `giveBusinessPlan`). Every change to a company's people must take the
 * people first, then the company, or the two can wait on each other: PostgreSQL then ends one of
 * them with "deadlock detected" — possibly the payment's fulfilment. SQLite has one writer at a
 * time, so it cannot deadlock and is not run here.
 *
 * Each test makes the interleaving happen rather than hoping for it: a transaction of the test
 * takes the creator's row as a payment does, waits until the change under test is queued behind
 * it, then goes on with the payment's real company step. Taken in the wrong order, the change
 * would by then hold the company the payment asks for.
 */
const postgres = dialects.find((dialect) => dialect.name === 'postgres');

describe.skipIf(postgres === undefined)('a company change racing a payment for it, on PostgreSQL', () => {
  const t = suiteTestApp(postgres as TestDialect);
  const cli = cliRunner(() => t);
  const key = () => ({ 'idempotency-key': `k-${Math.random().toString(36).slice(2)}` });

  async function company(creator: TestUser, admins: TestUser[] = []) {
    const now = t.clock.now();
    const made = await createCompany(
      t.app.db,
      { name: 'Lock Works', owner: { id: creator.userId }, seats: 5, term: { expires: now + 90 * DAY } },
      now,
    );
    for (const admin of admins)
      await addMember(t.app.db, { companyId: made.id, user: { id: admin.userId }, role: 'admin' }, now);
    return made.id;
  }

  /** Transactions other than `xid`'s own that wait for it to end. */
  async function waitingOn(xid: string): Promise<number> {
    const { rows } = await sql<{ waiting: string }>`
        SELECT count(*) AS waiting FROM pg_locks
        WHERE locktype = 'transactionid' AND transactionid = ${xid}::xid AND NOT granted`.execute(t.app.db);
    return Number(rows[0]?.waiting ?? 0);
  }

  /**
   * Runs `change` while a payment by `buyer` for `companyId` is under way: the payment holds the
   * buyer's row until `change` waits on it, then adds a seat to the company and commits.
   */
  async function duringPayment<T>(buyer: TestUser, companyId: number, change: () => Promise<T>) {
    let changing: Promise<T> | undefined;
    const seats = await t.app.db.transaction().execute(async (trx: Db) => {
      expect(await lockLicenceHolder(trx, buyer.userId)).toBe(true);
      const { rows } = await sql<{ xid: string }>`SELECT pg_current_xact_id()::text AS xid`.execute(trx);
      const xid = rows[0]?.xid as string;
      changing = change();
      await expect.poll(() => waitingOn(xid), { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
      const given = await giveBusinessPlan(
        trx,
        buyer.userId,
        { seats: 1, type: 9, length: null, company: { id: companyId, change: 'seats' } },
        t.clock.now(),
      );
      return given;
    });
    return { payment: seats, change: await (changing as Promise<T>) };
  }

  const seatsOf = async (companyId: number) =>
    (await t.app.db.selectFrom('companies').select('num').where('id', '=', companyId).executeTakeFirstOrThrow()).num;

  it('an admin removing the creator: refused after the payment, which adds its seat', async () => {
    const [creator, admin] = await Promise.all([testUser(t), testUser(t)]);
    const cid = await company(creator, [admin]);
    const { payment, change } = await duringPayment(creator, cid, () =>
      call(t, updateCompanyMembersRoute, {
        as: admin,
        body: { cid, ids: [creator.userId], operation: 'DEL' },
        headers: key(),
      }),
    );
    expect(payment).toEqual({ companyId: cid, exp: expect.any(Number) });
    expect((change.body as { msg: string }).msg).toBe(CompanyErrors.cannotManage.msg);
    expect(await seatsOf(cid)).toBe(6);
  });

  it('the creator opening the company’s own invitation: refused after the payment', async () => {
    const creator = await testUser(t);
    const cid = await company(creator);
    const invite = (await call(t, getCompanyInviteLinkRoute, { as: creator, query: { cid } })).ok().data.invite;
    const { payment, change } = await duringPayment(creator, cid, () =>
      call(t, joinCompanyRoute, { as: creator, body: { invite }, headers: key() }),
    );
    expect(payment).toMatchObject({ companyId: cid });
    expect((change.body as { msg: string }).msg).toBe(CompanyErrors.alreadyMember.msg);
    expect(await seatsOf(cid)).toBe(6);
  });

  it('the operator adding the creator again, or handing the company to them: refused after the payment', async () => {
    const creator = await testUser(t);
    const cid = await company(creator);
    const added = await duringPayment(creator, cid, () =>
      cli('company:add-member', '--company', String(cid), '--user', String(creator.userId), '--role', 'admin'),
    );
    expect(added.payment).toMatchObject({ companyId: cid });
    expect(added.change.code).toBe(1);
    expect(added.change.error).toMatchObject({ error: CompanyErrors.alreadyMember.msg });

    const handed = await duringPayment(creator, cid, () =>
      cli('company:hand-over', '--company', String(cid), '--to', String(creator.userId)),
    );
    expect(handed.payment).toMatchObject({ companyId: cid });
    expect(handed.change.code).toBe(1);
    expect(handed.change.error).toMatchObject({ error: 'that person is the creator already' });
    expect(await seatsOf(cid)).toBe(7);
  });
});
