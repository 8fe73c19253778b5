import { AuthErrors, type ErrorEntry, TeamErrors, TeamRole } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';
import { createAccount } from '../modules/auth/accounts.service.js';
import { findUserIdByEmail, hasAnyUser } from '../modules/auth/auth.repository.js';
import type { AuthDeps } from '../modules/auth/deps.js';
import { seedOrderDemo } from './order-demo.js';
import { seedPointsDemo } from './points-demo.js';
import { seedMessagesDemo } from './messages-demo.js';
import { seedCoursesDemo } from './courses-demo.js';
import { seedIncomeDemo } from './income-demo.js';
import { type BatchInput, createBatch } from '../modules/codes/codes.service.js';
import { defineCoupon, holdCoupon } from '../modules/coupons/coupons.service.js';
import { type AddedTeamRole, addTeamMember, createTeam, teamOf } from '../modules/teams/teams.service.js';

/** The demo sign-in, printed on start and documented in docs/decisions/002. Never in production. */
export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'Demo-Account-2026';

/**
 * The demo account owns a diagram team, so the team menu entry shows (spec 02 §2); it is the
 * team its demo team licence names (orders/demo-data.ts). Its other members have no password:
 * nobody signs in as them, they fill the member list.
 */
const DEMO_TEAM = { product: 'max', name: 'Design team', memberLimit: 10 } as const;
const DEMO_TEAM_MEMBERS: readonly { email: string; nickName: string; role: AddedTeamRole }[] = [
  { email: 'demo-admin@example.com', nickName: 'Demo Admin', role: 'admin' },
  { email: 'demo-member@example.com', nickName: 'Demo Member', role: 'member' },
];

type SeedDeps = Pick<AuthDeps, 'db' | 'clock' | 'config'>;

/**
 * One unused code of each kind for a newcomer to redeem on the bind and licence screens: an
 * activation key (diagram, one year), a project code, a replacement key (the demo's mind-map
 * licence onto every desktop), a gift code (AI points and template credit).
 */
const DEMO_CODES: readonly (Omit<BatchInput, 'count' | 'usageLimit'> & { name: string })[] = [
  { name: 'activation', kind: 'activation', label: 'demo activation key', benefit: { product: 'max', type: 209 } },
  { name: 'project', kind: 'project', label: 'demo project code', benefit: { type: 2 } },
  {
    name: 'replacement',
    kind: 'replacement',
    label: 'demo replacement key',
    benefit: { product: 'mind', platforms: ['win', 'mac', 'linux'] },
  },
  {
    name: 'gift',
    kind: 'gift',
    label: 'demo gift code',
    benefit: {
      gifts: [
        { kind: 'ai_points', amount: 500, days: 90 },
        { kind: 'template_credit', amount: 1000, days: 90 },
      ],
    },
  },
];

export interface DemoAccount {
  email: string;
  password: string;
  user_id: number;
  created: boolean;
  /**
   * When the account was created: one unused code of each kind. Only their digests are kept, so
   * they are shown this once (`code:batch` makes more).
   */
  codes?: Record<string, string>;
}

/**
 * Creates the demo account unless it exists, with data on every screen so that each branch can
 * be seen (orders and licences in every state, a team it owns). Each part is idempotent.
 */
export async function ensureDemoAccount(deps: SeedDeps): Promise<DemoAccount> {
  const { userId, created } = await ensureUser(deps, { email: DEMO_EMAIL, password: DEMO_PASSWORD, nickName: 'Demo' });
  await seedOrderDemo(deps.db, userId, deps.clock.now());
  await seedPointsDemo(deps.db, userId, deps.clock.now());
  await seedMessagesDemo(deps.db, userId, deps.clock.now());
  await seedCoursesDemo(deps.db, userId, deps.clock.now());
  await seedIncomeDemo(deps.db, deps.config, userId, deps.clock.now());
  await seedTeamDemo(deps, userId);
  const account = { email: DEMO_EMAIL, password: DEMO_PASSWORD, user_id: userId, created };
  return created
    ? { ...account, codes: { ...(await demoCodes(deps)), ...(await demoCoupons(deps, userId)) } }
    : account;
}

/**
 * The demo holds a coupon (¥20 off templates of either community from ¥100, for 90 days), and a
 * code of another (15% off mind-map templates) is printed, to bind on /coupon and see the
 * replace prompt.
 */
async function demoCoupons(deps: SeedDeps, userId: number): Promise<Record<string, string>> {
  const now = deps.clock.now();
  const held = await defineCoupon(
    deps.db,
    { type: 1, product: 'all', value: 2000, currency: 'CNY', minSpend: 10000, info: 'Template coupon', validDays: 90 },
    now,
  );
  await deps.db
    .transaction()
    .execute((trx) =>
      holdCoupon(trx, userId, held.id, { kind: 'operator', id: 'demo-coupon', reason: 'demo coupon' }, false, now),
    );
  const offered = await defineCoupon(
    deps.db,
    { type: 2, product: 'mind', value: 15, currency: 'CNY', info: 'Mind-map templates sale', validDays: 30 },
    now,
  );
  const made = await createBatch(
    deps.db,
    deps.config.secretKey,
    {
      kind: 'gift',
      label: 'demo coupon code',
      benefit: { gifts: [{ kind: 'coupon', coupon: offered.id }] },
      count: 1,
      usageLimit: 1,
    },
    now,
  );
  return { coupon: made.codes[0] as string };
}

async function demoCodes(deps: SeedDeps): Promise<Record<string, string>> {
  const codes: Record<string, string> = {};
  for (const { name, ...batch } of DEMO_CODES) {
    const made = await createBatch(
      deps.db,
      deps.config.secretKey,
      { ...batch, count: 1, usageLimit: 1 },
      deps.clock.now(),
    );
    codes[name] = made.codes[0] as string;
  }
  return codes;
}

/** The e-mail's unique index decides: when two starts race, one creates it, the other finds it. */
async function ensureUser(
  deps: SeedDeps,
  account: { email: string; password: string | null; nickName: string },
): Promise<{ userId: number; created: boolean }> {
  try {
    const created = await createAccount(deps, { ...account, region: 'domestic' });
    return { userId: created.user_id, created: true };
  } catch (error) {
    if (!(error instanceof AppError && error.is(AuthErrors.emailUsed))) throw error;
    const existing = await findUserIdByEmail(deps.db, account.email);
    if (!existing) throw error;
    return { userId: existing.id, created: false };
  }
}

/** The refusals a second run (or a racing start) meets for what is already there. */
const alreadyThere: readonly ErrorEntry[] = [TeamErrors.otherTeam, TeamErrors.alreadyMember, TeamErrors.memberLimit];
const unlessAlreadyThere = (error: unknown) => {
  if (!(error instanceof AppError && alreadyThere.includes(error.entry))) throw error;
};

/**
 * Makes the demo account own a diagram team with an admin and a member: creates the team when
 * the demo has none and adds the demo members it lacks. A team the demo only belongs to is left
 * alone. The unique indexes settle a race of two starts (the loser leaves the rest to the winner).
 */
async function seedTeamDemo(deps: SeedDeps, ownerId: number): Promise<void> {
  const now = deps.clock.now();
  const current = await teamOf(deps.db, ownerId, DEMO_TEAM.product, now);
  if (current && current.role !== TeamRole.owner) return;
  const teamId =
    current?.id ??
    (await createTeam(deps.db, { ...DEMO_TEAM, owner: { id: ownerId } }, now).then(
      (team) => team.id,
      unlessAlreadyThere,
    ));
  if (teamId === undefined) return;
  for (const member of DEMO_TEAM_MEMBERS) {
    const { userId } = await ensureUser(deps, { email: member.email, password: null, nickName: member.nickName });
    await addTeamMember(deps.db, { teamId, user: { id: userId }, role: member.role }, now).catch(unlessAlreadyThere);
  }
}

/** On a database without users (first `npm start`), creates the demo account and returns its sign-in. */
export async function seedDemoIfEmpty(app: FastifyInstance): Promise<DemoAccount | null> {
  if (await hasAnyUser(app.db)) return null;
  const demo = await ensureDemoAccount(app);
  return demo.created ? demo : null;
}
