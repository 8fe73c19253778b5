import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { describeOnEachDialect } from '../../../test/helpers/test-app.js';
import { testUser } from '../../../test/helpers/users.js';
import { createBatch } from '../codes/index.js';
import { defineCoupon } from '../coupons/coupons.service.js';
import { createTeam } from '../teams/teams.service.js';
import type { GrantSourceRef } from '../grants/index.js';
import { type Benefit, giveBenefit } from './index.js';

const DAY = 86_400;

/** What a person holds that a benefit changes: compared before and after giving it. */
interface Holdings {
  grants: number;
  licence: string | null;
  unlimitedUntil: number | null;
  companies: number;
  teamPlans: number;
}

describeOnEachDialect('one dispatcher gives every benefit, on $name', (t) => {
  let db: Db;
  beforeAll(async () => {
    db = t.app.db;
  });

  const now = () => t.clock.now();
  let sequence = 0;
  const source = (): GrantSourceRef => ({ kind: 'operator', id: `benefit-test-${++sequence}`, reason: 'a test' });

  async function holdings(userId: number): Promise<Holdings> {
    const [grants, licence, points, companies, teamPlans] = await Promise.all([
      db.selectFrom('grants').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null).execute(),
      db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute(),
      db.selectFrom('ai_point_accounts').select('unlimited_until').where('user_id', '=', userId).executeTakeFirst(),
      db.selectFrom('company_members').select('company_id').where('user_id', '=', userId).execute(),
      db
        .selectFrom('team_plans')
        .innerJoin('team_members', 'team_members.team_id', 'team_plans.team_id')
        .select('team_plans.id')
        .where('team_members.user_id', '=', userId)
        .execute(),
    ]);
    return {
      grants: grants.length,
      licence: licence.length === 0 ? null : JSON.stringify(licence.map(({ updated_at: _, ...row }) => row)),
      unlimitedUntil: points?.unlimited_until ?? null,
      companies: companies.length,
      teamPlans: teamPlans.length,
    };
  }

  const ownTeam = async (userId: number) =>
    (await createTeam(db, { product: 'max', name: 'Benefit team', owner: { id: userId }, memberLimit: 10 }, now())).id;

  async function companyCode(): Promise<number> {
    await createBatch(
      db,
      t.app.config.secretKey,
      {
        kind: 'gift',
        label: 'benefit test company',
        benefit: { gifts: [{ kind: 'company', seats: 3, type: 8 }] },
        count: 1,
        usageLimit: 1,
      },
      now(),
    );
    const code = await db.selectFrom('redeem_codes').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    return code.id;
  }

  /**
   * Every kind, with what it needs made first. `once`: a repeated source gives nothing more (the
   * kinds kept as grants); the others are given once by their caller's own claim.
   */
  const kinds: { kind: Benefit['kind']; once: boolean; make: (userId: number) => Promise<Benefit> }[] = [
    {
      kind: 'licence',
      once: true,
      make: async () => ({ kind: 'licence', product: 'max', ends: { win_exp: now() + 30 * DAY } }),
    },
    {
      kind: 'plan_licence',
      once: true,
      make: async () => ({ kind: 'plan_licence', product: 'max', type: 1, region: 'domestic' }),
    },
    { kind: 'licence_days', once: true, make: async () => ({ kind: 'licence_days', product: 'mind', days: 30 }) },
    {
      kind: 'licence_replacement',
      once: false,
      make: async (userId) => {
        await db
          .transaction()
          .execute((trx) =>
            giveBenefit(
              trx,
              userId,
              { kind: 'licence', product: 'max', ends: { win_exp: now() + 30 * DAY } },
              source(),
              now(),
            ),
          );
        return { kind: 'licence_replacement', product: 'max', platforms: ['mac'] };
      },
    },
    { kind: 'ai_points', once: true, make: async () => ({ kind: 'ai_points', amount: 100, expiresAt: now() + DAY }) },
    { kind: 'template_credit', once: true, make: async () => ({ kind: 'template_credit', amount: 2000 }) },
    { kind: 'income', once: true, make: async () => ({ kind: 'income', amount: 500 }) },
    { kind: 'unlimited_ai', once: false, make: async () => ({ kind: 'unlimited_ai', days: 7 }) },
    {
      kind: 'coupon',
      once: true,
      make: async () => {
        const coupon = await defineCoupon(
          db,
          { type: 1, product: 'all', value: 500, currency: 'CNY', minSpend: 1000, info: 'Test coupon', validDays: 30 },
          now(),
        );
        return { kind: 'coupon', coupon: coupon.id, replaceHeld: false };
      },
    },
    { kind: 'course', once: true, make: async () => ({ kind: 'course', course: 'benefit-test-course' }) },
    {
      kind: 'team_plan',
      once: true,
      make: async (userId) => {
        await ownTeam(userId);
        return { kind: 'team_plan', team: { ownedOf: 'max' }, type: 61, seats: 3 };
      },
    },
    {
      kind: 'bought_team_plan',
      once: true,
      make: async (userId) => ({ kind: 'bought_team_plan', teamId: await ownTeam(userId), type: 61, seats: 2 }),
    },
    {
      kind: 'company',
      once: false,
      make: async () => ({
        kind: 'company',
        seats: 3,
        type: 8,
        length: null,
        codeId: await companyCode(),
        name: 'Acme',
      }),
    },
    {
      kind: 'company_admin',
      once: false,
      make: async () => {
        const codeId = await companyCode();
        const { userId: creator } = await testUser(t);
        const company = { kind: 'company', seats: 3, type: 8, length: null, codeId, name: 'Acme' } as const;
        await db.transaction().execute((trx) => giveBenefit(trx, creator, company, source(), now()));
        return { kind: 'company_admin', codeId };
      },
    },
    {
      kind: 'business_plan',
      once: false,
      make: async () => ({ kind: 'business_plan', seats: 2, type: 8, length: null }),
    },
  ];

  it.each(kinds)('gives $kind once, in the caller’s transaction', async ({ make }) => {
    const { userId } = await testUser(t);
    const benefit = await make(userId);
    const before = await holdings(userId);
    const given = await db.transaction().execute((trx) => giveBenefit(trx, userId, benefit, source(), now()));
    expect(given).not.toHaveProperty('refused');
    expect(await holdings(userId)).not.toEqual(before);
  });

  it.each(kinds)('gives nothing of $kind when the caller’s transaction rolls back', async ({ make }) => {
    const { userId } = await testUser(t);
    const benefit = await make(userId);
    const before = await holdings(userId);
    const rollback = new Error('the source failed after giving');
    await expect(
      db.transaction().execute(async (trx) => {
        await giveBenefit(trx, userId, benefit, source(), now());
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await holdings(userId)).toEqual(before);
  });

  it.each(kinds.filter(({ once }) => once))('gives $kind once for a repeated source', async ({ make }) => {
    const { userId } = await testUser(t);
    const benefit = await make(userId);
    const from = source();
    const first = await db.transaction().execute((trx) => giveBenefit(trx, userId, benefit, from, now()));
    const after = await holdings(userId);
    // A grant's source key answers the first grant; a coupon held already and a team's plan of that
    // order are found again by their modules: either way nothing more is given.
    await db.transaction().execute((trx) => giveBenefit(trx, userId, benefit, from, now()));
    expect(first).not.toHaveProperty('refused');
    expect(await holdings(userId)).toEqual(after);
  });

  it('refuses outside a transaction, before giving anything', async () => {
    const { userId } = await testUser(t);
    const before = await holdings(userId);
    await expect(giveBenefit(db, userId, { kind: 'unlimited_ai', days: 3 }, source(), now())).rejects.toThrow(
      /inside the source/,
    );
    expect(await holdings(userId)).toEqual(before);
  });

  it('answers a refusal and gives nothing: a team plan for a team the person does not own', async () => {
    const { userId } = await testUser(t);
    const before = await holdings(userId);
    const given = await db
      .transaction()
      .execute((trx) =>
        giveBenefit(trx, userId, { kind: 'team_plan', team: { ownedOf: 'max' }, type: 61, seats: 3 }, source(), now()),
      );
    expect(given).toEqual({ refused: 'team_owner_only' });
    expect(await holdings(userId)).toEqual(before);
  });
});
