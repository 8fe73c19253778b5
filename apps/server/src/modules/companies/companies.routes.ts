import {
  getCompaniesRoute,
  getCompanyInvitationRoute,
  getCompanyInviteLinkRoute,
  getCompanyMembersRoute,
  getCompanySettingsRoute,
  joinCompanyRoute,
  renameCompanyRoute,
  updateCompanyMembersRoute,
} from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { publicOrigin } from '../../lib/caller.js';
import { ok, okList, registerRoute } from '../../lib/register-route.js';
import { companiesOf } from './companies.service.js';
import {
  changeMembers,
  companySettings,
  invitationLink,
  invitationOf,
  joinByInvitation,
  membersOfCompany,
  renameCompany,
} from './company-space.service.js';

/** Mind-map companies (spec 02 §7 company calls; docs/decisions/010 and 038). */
export async function companyRoutes(app: FastifyInstance) {
  const now = () => app.clock.now();

  registerRoute(app, getCompaniesRoute, async ({ params }) => {
    const companies = await companiesOf(app.db, params.userId);
    return okList(companies, companies.length);
  });

  // Creating a company is redeeming a company code: the codes module registers that route.

  registerRoute(app, getCompanyMembersRoute, async ({ caller, query }) => {
    const members = await membersOfCompany(app.db, query.cid, caller.userId);
    return okList(members, members.length);
  });

  registerRoute(app, updateCompanyMembersRoute, async ({ caller, body, idempotency }) =>
    ok(
      await changeMembers(
        app.db,
        { companyId: body.cid, viewerId: caller.userId, ids: body.ids, operation: body.operation, type: body.type },
        now(),
        (trx) => idempotency.markApplied(trx),
      ),
    ),
  );

  registerRoute(app, renameCompanyRoute, async ({ caller, body }) =>
    ok(await renameCompany(app.db, { companyId: body.cid, userId: caller.userId, name: body.company_name }, now())),
  );

  registerRoute(app, getCompanyInviteLinkRoute, async ({ caller, query, request }) =>
    ok(
      await invitationLink(
        app.db,
        { companyId: query.cid, userId: caller.userId, secretKey: app.config.secretKey, origin: publicOrigin(request) },
        now(),
      ),
    ),
  );

  registerRoute(app, getCompanyInvitationRoute, async ({ caller, query }) =>
    ok(
      await invitationOf(
        app.db,
        { invite: query.invite, userId: caller.userId, secretKey: app.config.secretKey },
        now(),
      ),
    ),
  );

  registerRoute(app, joinCompanyRoute, async ({ caller, body, idempotency }) =>
    ok(
      await joinByInvitation(
        app.db,
        { invite: body.invite, userId: caller.userId, secretKey: app.config.secretKey },
        now(),
        (trx) => idempotency.markApplied(trx),
      ),
    ),
  );

  registerRoute(app, getCompanySettingsRoute, async ({ caller, query }) =>
    ok(
      await companySettings(app.db, {
        companyId: query.cid,
        userId: caller.userId,
        contactUrl: app.config.companyContactUrl,
      }),
    ),
  );
}
