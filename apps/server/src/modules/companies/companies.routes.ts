import { getCompaniesRoute } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { okList, registerRoute } from '../../lib/register-route.js';
import { companiesOf } from './companies.service.js';

/** Mind-map companies (spec 02 §7 company calls); the enterprise page adds its calls here. */
export async function companyRoutes(app: FastifyInstance) {
  registerRoute(app, getCompaniesRoute, async ({ params }) => {
    const companies = await companiesOf(app.db, params.userId);
    return okList(companies, companies.length);
  });
}
