import {
  addTeamMembersRoute,
  editTeamMembersRoute,
  getTeamListRoute,
  getTeamMembersRoute,
  getTeamPlansRoute,
  getTeamRoute,
  removeTeamMembersRoute,
  renameTeamRoute,
  screenTeamContactsRoute,
  TEAM_PLAN_PAGE_SIZE,
  type TeamProduct,
  transferTeamRoute,
} from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../../lib/caller.js';
import { ok, okEmpty, registerRoute } from '../../lib/register-route.js';
import {
  addMembers,
  editMembers,
  removeMembers,
  renameTeam,
  screenContacts,
  type TeamCall,
  teamMemberPage,
  teamPlanPage,
  transferTeam,
} from './members.service.js';
import { teamOf } from './teams.service.js';

const teamCall = (caller: Caller, product: TeamProduct, groupId: number): TeamCall => ({
  userId: caller.userId,
  product,
  groupId,
  region: caller.region,
});

/** A page of a list whose total is also the answer's `msg` (spec 02 §7: "msg is the total"). */
const pageInMsg = <T>(data: T[], total: number) => ({ ...ok(data), msg: String(total), count: total });

/** Teams of the diagram and project products: the group order calls of spec 02 §7. */
export async function teamRoutes(app: FastifyInstance) {
  for (const route of [getTeamRoute, getTeamListRoute])
    registerRoute(app, route, async ({ caller, params }) =>
      ok(await teamOf(app.db, caller.userId, params.product, app.clock.now())),
    );
  registerRoute(app, renameTeamRoute, async ({ caller, params, body }) =>
    ok(await renameTeam(app.db, teamCall(caller, params.product, body.group_id), body.group_name, app.clock.now())),
  );
  registerRoute(app, transferTeamRoute, async ({ caller, params, body, idempotency }) =>
    ok(
      await transferTeam(
        app.db,
        teamCall(caller, params.product, body.group_id),
        { userId: body.user_id, option: body.option ?? 1 },
        app.clock.now(),
        (trx) => idempotency.markApplied(trx),
      ),
    ),
  );
  registerRoute(app, getTeamPlansRoute, async ({ caller, params, query }) => {
    const { plans, total } = await teamPlanPage(
      app.db,
      teamCall(caller, params.product, query.group_id),
      { userId: query.user_id, offset: query.offset ?? 0, count: query.count ?? TEAM_PLAN_PAGE_SIZE },
      app.clock.now(),
    );
    return pageInMsg(plans, total);
  });
  registerRoute(app, getTeamMembersRoute, async ({ caller, params, query }) => {
    const { members, total } = await teamMemberPage(app.db, teamCall(caller, params.product, query.group_id), {
      offset: query.offset ?? 0,
      count: query.count ?? TEAM_PLAN_PAGE_SIZE,
      search: query.search,
    });
    return pageInMsg(members, total);
  });
  registerRoute(app, screenTeamContactsRoute, async ({ caller, params, body }) => {
    const { group_id, match, ...contacts } = body;
    return ok(
      await screenContacts(app.db, teamCall(caller, params.product, group_id), match, contacts, app.clock.now()),
    );
  });
  registerRoute(app, addTeamMembersRoute, async ({ caller, params, body, idempotency }) => {
    const { group_id, plan_ids, role, ...contacts } = body;
    return ok(
      await addMembers(
        app.db,
        teamCall(caller, params.product, group_id),
        { planIds: plan_ids, role, contacts },
        app.clock.now(),
        (trx) => idempotency.markApplied(trx),
      ),
    );
  });
  registerRoute(app, editTeamMembersRoute, async ({ caller, params, body, idempotency }) => {
    await editMembers(
      app.db,
      teamCall(caller, params.product, body.group_id),
      { userIds: body.user_ids, reverse: body.reverse, role: body.role, planIds: body.plan_ids },
      app.clock.now(),
      (trx) => idempotency.markApplied(trx),
    );
    return okEmpty();
  });
  registerRoute(app, removeTeamMembersRoute, async ({ caller, params, body, idempotency }) => {
    await removeMembers(
      app.db,
      teamCall(caller, params.product, body.group_id),
      body.user_ids,
      app.clock.now(),
      (trx) => idempotency.markApplied(trx),
    );
    return okEmpty();
  });
}
