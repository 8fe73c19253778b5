import { ListEnvelope } from '../http/envelope.js';
import { defineRoute } from '../http/route.js';
import { Company } from './company-schema.js';
import { UserIdParams } from './user.routes.js';

export const getCompaniesRoute = defineRoute({
  method: 'GET',
  path: '/api/user/:userId/coop/cmember',
  summary: 'The mind-map companies the user belongs to, with the user’s role in each (getCompany)',
  tags: ['companies'],
  access: 'user',
  params: UserIdParams,
  reply: ListEnvelope(Company),
});
