import { type TProperties, Type } from 'typebox';
import { Envelope } from '../http/envelope.js';
import { Id, UnixSeconds } from '../http/input.js';
import { defineRoute } from '../http/route.js';
import { Nullable } from '../http/schema.js';
import { teamPlanTypes } from '../rules/team-plans.js';

/** Spec 02 §5, §9: a team name has at most 70 characters. */
export const TEAM_NAME_MAX_LENGTH = 70;

/** Members an operator may allow one team: a typing slip of an extra digit stays refused. */
export const TEAM_MEMBER_LIMIT_MAX = 100_000;

/**
 * The products that have teams (spec 02 §1, §7: `product` is `max` for the diagram team and
 * `proj` for the project team). The mind-map product has companies instead (company.routes.ts).
 */
export const teamProducts = ['max', 'proj'] as const;
export type TeamProduct = (typeof teamProducts)[number];

/** A person's role in a team (spec 02 §3, §6): 1 owner, 2 admin, 3 member. */
export const TeamRole = { owner: 1, admin: 2, member: 3 } as const;
export type TeamRoleValue = (typeof TeamRole)[keyof typeof TeamRole];

export const TeamRoleSchema = Type.Union(
  [Type.Literal(TeamRole.owner), Type.Literal(TeamRole.admin), Type.Literal(TeamRole.member)],
  { description: '1 owner, 2 admin, 3 member' },
);

/** A plan's type: one of spec 02 §3's. A spread at the top level would keep the schemas in every bundle. */
export const TeamPlanTypeSchema = () => Type.Enum([...teamPlanTypes]);

/**
 * A team plan (spec 02 §3 "Team plan"): `plan_num` of `max_num` seats taken; `expire` null never
 * ends; `extra` fields beside them. A function, as a spread of another schema's properties at the
 * top level would keep the schemas in every bundle.
 */
export const teamPlanObject = <E extends TProperties>(extra: E) =>
  Type.Object({
    id: Type.Integer({ minimum: 1 }),
    type: TeamPlanTypeSchema(),
    expire: Nullable(UnixSeconds),
    max_num: Type.Integer({ minimum: 1 }),
    plan_num: Type.Integer({ minimum: 0 }),
    is_expired: Type.Boolean(),
    ...extra,
  });

export const TeamPlan = teamPlanObject({});

/**
 * The user's team of one product (spec 02 §3 "Team info (diagram or project)"): the owner's
 * id and nickname, the caller's own role, how many members it has and may have, its plans and
 * the plans the caller holds a seat of.
 */
export const TeamInfo = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: Type.String({ maxLength: TEAM_NAME_MAX_LENGTH }),
  user_id: Type.Integer({ minimum: 1, description: 'the owner' }),
  nick_name: Type.String({ description: 'the owner’s nickname' }),
  role: TeamRoleSchema,
  member_num: Type.Integer({ minimum: 1, description: 'members, the owner included' }),
  member_limit: Type.Integer({ minimum: 1, description: 'members the team may have, the owner included' }),
  plan: Type.Array(TeamPlan, { description: 'the team’s plans, oldest first' }),
  plan_ids: Type.Array(Type.Integer({ minimum: 1 }), { description: 'plans the caller holds a seat of' }),
});

export const TeamParams = Type.Object(
  { userId: Id(), product: Type.Enum(teamProducts) },
  { additionalProperties: false },
);

export const getTeamRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/:product/grouporder',
  summary: 'The user’s team of a product, with the user’s role in it; data is null without a team (getGroupInfo)',
  tags: ['teams'],
  access: 'user',
  params: TeamParams,
  reply: Envelope(Type.Union([TeamInfo, Type.Null()])),
});
