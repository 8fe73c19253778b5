import { type ErrorEntry, TeamErrors, type TeamPlanType, type TeamProduct, TeamRole } from '@account-centre/contract';
import type { Db } from '../db/database.js';
import { AppError } from '../lib/errors.js';
import { giveBenefitAlone } from '../modules/benefits/index.js';
import { authorizeSeat } from '../modules/teams/plans.service.js';
import { type AddedTeamRole, addTeamMember, createTeam, teamOf } from '../modules/teams/teams.service.js';
import { ensureUser, type SeedDeps } from './demo-users.js';

const DAY = 86_400;

/** A demo person who fills a team: no password, nobody signs in as them. */
interface DemoPerson {
  email: string;
  nickName: string;
  role: AddedTeamRole;
}

const members = (count: number): DemoPerson[] =>
  Array.from({ length: count }, (_, i) => ({
    email: i === 0 ? 'demo-member@example.com' : `demo-member-${i + 1}@example.com`,
    nickName: i === 0 ? 'Demo Member' : `Demo Member ${i + 1}`,
    role: 'member',
  }));

/**
 * The demo account owns a diagram team, so the team menu entry shows (spec 02 §2) and every
 * state of the team page can be seen: two admins and ten members (two pages of ten), a 90-day
 * plan nearly full (4 of 5 seats), a lifetime plan, a trial plan that has ended, and two members
 * holding no seat.
 */
const DEMO_TEAM = {
  product: 'max',
  name: 'Design team',
  memberLimit: 20,
  people: [
    { email: 'demo-admin@example.com', nickName: 'Demo Admin', role: 'admin' },
    { email: 'demo-admin-2@example.com', nickName: 'Demo Admin 2', role: 'admin' },
    ...members(10),
  ] as DemoPerson[],
} as const;

/** The plans of the demo's team: who holds a seat (by e-mail, `owner` for the demo itself). */
const DEMO_PLANS: readonly { key: string; type: TeamPlanType; seats: number; since: number; holders: string[] }[] = [
  {
    key: 'quarter',
    type: 74,
    seats: 5,
    since: 0,
    holders: ['owner', 'demo-admin@example.com', 'demo-member@example.com', 'demo-member-2@example.com'],
  },
  {
    key: 'lifetime',
    type: 62,
    seats: 20,
    since: 0,
    holders: ['demo-admin-2@example.com', ...members(8).map((person) => person.email)],
  },
  // A 7-day trial given 30 days ago: it has ended, and authorizes nobody new.
  { key: 'trial', type: 70, seats: 3, since: 30 * DAY, holders: ['demo-member-3@example.com'] },
];

/** A project team in which the demo account is a plain member: the read-only view. */
const DEMO_PROJECT_TEAM = {
  product: 'proj',
  name: 'Roadmap team',
  memberLimit: 10,
  owner: { email: 'demo-project-lead@example.com', nickName: 'Project Lead' },
} as const;

/** The refusals a second run (or a racing start) meets for what is already there. */
const alreadyThere: readonly ErrorEntry[] = [
  TeamErrors.otherTeam,
  TeamErrors.alreadyMember,
  TeamErrors.memberLimit,
  TeamErrors.alreadyAuthorized,
];
const unlessAlreadyThere = (error: unknown) => {
  if (!(error instanceof AppError && alreadyThere.includes(error.entry))) throw error;
};

/**
 * The team of `product` that `ownerId` owns, created when they have none. Undefined when they are
 * in another team of the product, which is left alone. The unique indexes settle a race of two
 * starts (the loser leaves the rest to the winner).
 */
async function ownedTeam(
  deps: SeedDeps,
  team: { product: TeamProduct; name: string; memberLimit: number },
  ownerId: number,
): Promise<number | undefined> {
  const now = deps.clock.now();
  const current = await teamOf(deps.db, ownerId, team.product, now);
  if (current) return current.role === TeamRole.owner ? current.id : undefined;
  try {
    return (await createTeam(deps.db, { ...team, owner: { id: ownerId } }, now)).id;
  } catch (error) {
    unlessAlreadyThere(error);
    return undefined;
  }
}

/** A plan of the demo's team, given by the grants module once per team and key; answers its id. */
async function giveDemoTeamPlan(
  db: Db,
  ownerId: number,
  plan: { teamId: number; type: TeamPlanType; seats: number; key: string },
  now: number,
): Promise<number> {
  const given = await giveBenefitAlone(
    db,
    ownerId,
    { kind: 'team_plan', team: { id: plan.teamId }, type: plan.type, seats: plan.seats },
    { kind: 'operator', id: `demo-team-plan:${plan.teamId}:${plan.key}`, reason: 'demo team plan' },
    now,
  );
  if (given.refused) throw new Error(`the demo's team plan was refused: ${given.refused}`);
  return given.plan.id;
}

/** Every part is given once, however often the demo is seeded. */
export async function seedTeamDemo(deps: SeedDeps, demoId: number): Promise<void> {
  const now = deps.clock.now();
  const teamId = await ownedTeam(deps, DEMO_TEAM, demoId);
  if (teamId === undefined) return;
  const ids = new Map<string, number>([['owner', demoId]]);
  for (const person of DEMO_TEAM.people) {
    const { userId } = await ensureUser(deps, { email: person.email, password: null, nickName: person.nickName });
    ids.set(person.email, userId);
    await addTeamMember(deps.db, { teamId, user: { id: userId }, role: person.role }, now).catch(unlessAlreadyThere);
  }
  for (const plan of DEMO_PLANS) {
    const given = now - plan.since;
    const planId = await giveDemoTeamPlan(
      deps.db,
      demoId,
      { teamId, type: plan.type, seats: plan.seats, key: plan.key },
      given,
    );
    for (const holder of plan.holders)
      await authorizeSeat(deps.db, { teamId, planId, userId: ids.get(holder)! }, given).catch(unlessAlreadyThere);
  }
  await seedProjectTeamDemo(deps.db, deps, demoId);
}

async function seedProjectTeamDemo(db: Db, deps: SeedDeps, demoId: number): Promise<void> {
  const now = deps.clock.now();
  const lead = await ensureUser(deps, { ...DEMO_PROJECT_TEAM.owner, password: null });
  const teamId = await ownedTeam(deps, DEMO_PROJECT_TEAM, lead.userId);
  if (teamId === undefined) return;
  await addTeamMember(db, { teamId, user: { id: demoId }, role: 'member' }, now).catch(unlessAlreadyThere);
  const planId = await giveDemoTeamPlan(db, lead.userId, { teamId, type: 61, seats: 10, key: 'year' }, now);
  await authorizeSeat(db, { teamId, planId, userId: lead.userId }, now).catch(unlessAlreadyThere);
}
