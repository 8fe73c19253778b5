import { Type } from 'typebox';
import { Envelope } from '../http/envelope.js';
import { Id } from '../http/input.js';
import { defineRoute } from '../http/route.js';

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

/**
 * The user's team of one product (spec 02 §3 "Team info (diagram or project)"): the owner's
 * id and nickname, the caller's own role, how many members it has and may have. The plan
 * list comes with the team screen.
 */
export const TeamInfo = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: Type.String({ maxLength: TEAM_NAME_MAX_LENGTH }),
  user_id: Type.Integer({ minimum: 1, description: 'the owner' }),
  nick_name: Type.String({ description: 'the owner’s nickname' }),
  role: Type.Union([Type.Literal(TeamRole.owner), Type.Literal(TeamRole.admin), Type.Literal(TeamRole.member)], {
    description: 'the caller’s role: 1 owner, 2 admin, 3 member',
  }),
  member_num: Type.Integer({ minimum: 1, description: 'members, the owner included' }),
  member_limit: Type.Integer({ minimum: 1, description: 'members the team may have, the owner included' }),
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
