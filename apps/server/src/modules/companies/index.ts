import {
  companyAddMemberCommand,
  companyCreateCommand,
  companyHandOverCommand,
  companyListCommand,
  companyRemoveMemberCommand,
  companySetCommand,
} from './companies.commands.js';
import { defineModule } from '../manifest.js';
import { createdCompanyForfeits } from './companies.repository.js';
import { companyRoutes } from './companies.routes.js';

/** Mind-map companies (spec 02 §3): the foundation the company spaces stand on. */
export const companiesModule = defineModule({
  name: 'companies',
  routes: [companyRoutes],
  commands: [
    companyCreateCommand,
    companyAddMemberCommand,
    companyRemoveMemberCommand,
    companyListCommand,
    companyHandOverCommand,
    companySetCommand,
  ],
  closingForfeits: createdCompanyForfeits,
  tables: {
    companies: {
      keep: "the organisation's record (name, seats, term); its creator is kept as an id only",
    },
    company_members: { erase: 'by-database', how: 'a trigger on users.closed_at (migration 703)' },
  },
});

export {
  type BusinessPlanBought,
  companiesOf,
  type CompanyChange,
  type CompanyChangedSincePriced,
  type CompanyPricedFor,
  companyToGrow,
  foundCompanyFromCode,
  giveBusinessPlan,
  joinCompanyOfCode,
  mayBuyBusinessPlan,
  takeBackBusinessPlan,
  typedCompanyName,
} from './companies.service.js';
export { managerRole } from './company-space.service.js';
