import { Type } from 'typebox';
import { EmptyEnvelope, Envelope, ListEnvelope } from '../http/envelope.js';
import { Id, Text, UnixSeconds } from '../http/input.js';
import { defineRoute } from '../http/route.js';
import { Nullable, offsetPage, strict } from '../http/schema.js';
import { EMAIL_MAX_LENGTH, MAINLAND_MOBILE_PATTERN } from '../rules/patterns.js';
import { TEAM_CONTACTS_MAX, TEAM_PLAN_PAGE_SIZE, TEAM_PLAN_SELECTION_SIZE } from '../rules/team-plans.js';
import { TeamInfo, TeamParams, teamPlanObject, TeamPlanTypeSchema, TeamRole, TeamRoleSchema } from './team.routes.js';

/**
 * The team page's group order calls (spec 02 §7), apart from the team info in team.routes.ts:
 * the shell reads the team info on every page, these only the team page, whose chunk they go in.
 */

/**
 * The spec's "GET list" of the group order calls (spec 02 §7): the same team info, on the path a
 * client may call it by.
 */
export const getTeamListRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/:product/grouporder/list',
  summary: 'The user’s team of a product, as GET …/grouporder answers it (getGroupInfo by its list path)',
  tags: ['teams'],
  access: 'user',
  params: TeamParams,
  reply: Envelope(Type.Union([TeamInfo, Type.Null()])),
});

const GroupId = Id({ description: 'the team (group) id' });
/** The people a call is about: at most a page of the member list's selection, or a pasted list. */
const UserIds = Type.Array(Id(), { minItems: 1, maxItems: TEAM_CONTACTS_MAX, uniqueItems: true });
const PlanIds = Type.Array(Id(), { maxItems: TEAM_PLAN_SELECTION_SIZE, uniqueItems: true });
const Emails = Type.Array(Text({ maxLength: EMAIL_MAX_LENGTH }), { maxItems: TEAM_CONTACTS_MAX });
const Mobiles = Type.Array(Type.String({ pattern: MAINLAND_MOBILE_PATTERN }), { maxItems: TEAM_CONTACTS_MAX });
const ContactUserIds = Type.Array(Id(), { maxItems: TEAM_CONTACTS_MAX });
const AddedRole = Type.Union([Type.Literal(TeamRole.admin), Type.Literal(TeamRole.member)]);

/** Spec 02 §7 setGroupInfo: the owner renames the team. */
export const renameTeamRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/:userId/:product/grouporder',
  summary: 'Rename the team (setGroupInfo: group_id, group_name; owner only; 1 to 70 characters after trimming)',
  tags: ['teams'],
  access: 'user',
  params: TeamParams,
  body: Type.Object({ group_id: GroupId, group_name: Text({ maxLength: 200 }) }, strict),
  reply: Envelope(TeamInfo),
});

/** Spec 02 §7 setGroupOwner and §4 "Ownership transfer". */
export const transferTeamRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/:userId/:product/grouporder/owner',
  summary:
    'Hand the team to one of its members (setGroupOwner: group_id, user_id; owner only, diagram team, domestic build); the old owner stays as a member (option 1, default) or leaves (option 2)',
  tags: ['teams'],
  access: 'user',
  idempotent: true,
  params: TeamParams,
  body: Type.Object(
    {
      group_id: GroupId,
      user_id: Id({ description: 'the member who becomes owner' }),
      option: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)], { default: 1 })),
    },
    strict,
  ),
  reply: Envelope(
    Type.Union([TeamInfo, Type.Null()], { description: 'the team as the caller now sees it; null after leaving' }),
  ),
});

/** A team plan as the plan selection sees it for one member: whether they hold a seat of it. */
export const TeamPlanForMember = teamPlanObject({
  authorized: Type.Boolean({ description: 'the member named (the caller by default) holds a seat of it' }),
});

/** Spec 02 §7 getGroupPlans: 10 a page, up to 100 for the plan selection; the total also in `msg`. */
export const getTeamPlansRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/:product/grouporder/plan',
  summary:
    'The team’s plans, oldest first, each marked authorized or not for user_id (the caller by default); count 10, or up to 100 for the plan selection; msg is the total (getGroupPlans)',
  tags: ['teams'],
  access: 'user',
  params: TeamParams,
  querystring: Type.Object(
    {
      group_id: GroupId,
      user_id: Type.Optional(Id()),
      ...offsetPage(TEAM_PLAN_PAGE_SIZE, TEAM_PLAN_SELECTION_SIZE),
    },
    strict,
  ),
  reply: ListEnvelope(TeamPlanForMember),
});

/** A plan a member holds, as the member list names it (spec 02 §3 "Team member" `plan`). */
export const TeamMemberPlan = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  type: TeamPlanTypeSchema(),
  expire: Nullable(UnixSeconds),
});

/** A member of the team (spec 02 §3 "Team member"); the mobile number is masked. */
export const TeamMember = Type.Object({
  user_id: Type.Integer({ minimum: 1 }),
  nick_name: Type.String(),
  avatar_url: Nullable(Type.String()),
  email: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  role: TeamRoleSchema,
  created_at: UnixSeconds,
  plan: Type.Array(TeamMemberPlan),
});

/** Spec 02 §9: members 10 a page; a search matches the e-mail or the name. */
export const TEAM_SEARCH_MAX_LENGTH = 100;

/** Spec 02 §7 getGroupMembers: the owner first, then admins, then members; the total also in `msg`. */
export const getTeamMembersRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/:product/grouporder/member',
  summary:
    'Members of the team, the owner first, 10 a page, optionally those whose e-mail or name contains search; msg is the total (getGroupMembers)',
  tags: ['teams'],
  access: 'user',
  params: TeamParams,
  querystring: Type.Object(
    {
      group_id: GroupId,
      ...offsetPage(TEAM_PLAN_PAGE_SIZE, TEAM_PLAN_SELECTION_SIZE),
      search: Type.Optional(Text({ maxLength: TEAM_SEARCH_MAX_LENGTH })),
    },
    strict,
  ),
  reply: ListEnvelope(TeamMember),
});

/** Who an add names: e-mails, mobiles (domestic build only) or user ids — one kind a call. */
const contacts = () => ({
  emails: Type.Optional(Emails),
  mobiles: Type.Optional(Mobiles),
  user_ids: Type.Optional(ContactUserIds),
});

/** A person the member filter recognised (spec 02 §3 "Invitee"). */
export const TeamInvitee = Type.Object({
  email: Nullable(Type.String()),
  mobile: Nullable(Type.String()),
  user_id: Type.Integer({ minimum: 1 }),
  nick_name: Type.String(),
});

/** Spec 02 §7 filterGroupMember: `match` 1 for one contact (add user), 0 for many (multiple add). */
export const screenTeamContactsRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/:product/grouporder/screen',
  summary:
    'Which of the contacts could join the team (filterGroupMember: match 1 single, 0 multiple): open accounts in no team of the product; mobiles in the domestic build only; group num limit when more than the free places',
  tags: ['teams'],
  access: 'user',
  params: TeamParams,
  body: Type.Object(
    { group_id: GroupId, match: Type.Union([Type.Literal(0), Type.Literal(1)]), ...contacts() },
    strict,
  ),
  reply: Envelope(Type.Object({ invitees: Type.Array(TeamInvitee) })),
});

/** Spec 02 §7 addGroupMember: every person joins with a seat of each plan named, or nobody does. */
export const addTeamMembersRoute = defineRoute({
  method: 'POST',
  path: '/api/user/:userId/:product/grouporder/member',
  summary:
    'Add people to the team with a role and a seat of each plan named (addGroupMember: group_id, plan_ids, role, emails | mobiles | user_ids); all of them or none',
  tags: ['teams'],
  access: 'user',
  idempotent: true,
  params: TeamParams,
  body: Type.Object({ group_id: GroupId, plan_ids: PlanIds, role: AddedRole, ...contacts() }, strict),
  reply: Envelope(Type.Object({ user_ids: Type.Array(Type.Integer({ minimum: 1 })) })),
});

/** Spec 02 §7 editGroupMember. */
export const editTeamMembersRoute = defineRoute({
  method: 'PUT',
  path: '/api/user/:userId/:product/grouporder/member',
  summary:
    'Change members (editGroupMember: group_id, user_ids, reverse 0 authorizes plan_ids and 1 unauthorizes them, optional role); the owner changes only their own seats',
  tags: ['teams'],
  access: 'user',
  idempotent: true,
  params: TeamParams,
  body: Type.Object(
    {
      group_id: GroupId,
      user_ids: UserIds,
      reverse: Type.Union([Type.Literal(0), Type.Literal(1)]),
      role: Type.Optional(AddedRole),
      plan_ids: Type.Optional(PlanIds),
    },
    strict,
  ),
  reply: EmptyEnvelope,
});

/** Spec 02 §7 removeGroupMember. */
export const removeTeamMembersRoute = defineRoute({
  method: 'DELETE',
  path: '/api/user/:userId/:product/grouporder/member',
  summary:
    'Remove members from the team, freeing their seats (removeGroupMember: group_id, user_ids); never the owner; an admin removes plain members and themself',
  tags: ['teams'],
  access: 'user',
  idempotent: true,
  params: TeamParams,
  body: Type.Object({ group_id: GroupId, user_ids: UserIds }, strict),
  reply: EmptyEnvelope,
});
