import {
  CompanyRole,
  type CompanyRoleValue,
  getCompaniesRoute,
  getTeamRoute,
  isPlainCompanyMember,
  type TeamProduct,
  TeamRole,
  type TeamRoleValue,
  teamProducts,
} from '@account-centre/contract';
import { apiCall } from '../../lib/api';

/**
 * What the shell needs to know about one of the user's teams (spec 02 §3, team info): a team
 * of the diagram (`max`) or project (`proj`) product, or the mind-map company (`mind`), which
 * the team page shows beside them (spec 02 §2 "Team page").
 */
export interface TeamSummary {
  product: TeamProduct | 'mind';
  id: number;
  name: string;
  /** The user's role, in the team's terms: 1 owner (a company's creator), 2 admin, 3 member. */
  role: TeamRoleValue;
}

/** Reads the signed-in user's team of one product; null when they have none. */
export interface TeamSource {
  product: TeamSummary['product'];
  load(userId: number, signal: AbortSignal): Promise<TeamSummary | null>;
}

function teamSource(product: TeamProduct): TeamSource {
  return {
    product,
    load: async (userId, signal) => {
      const { data: team } = await apiCall(getTeamRoute, { params: { userId, product }, signal });
      return team && { product, id: team.id, name: team.name, role: team.role };
    },
  };
}

const roleOfCompanyRole: Record<CompanyRoleValue, TeamRoleValue> = {
  [CompanyRole.creator]: TeamRole.owner,
  [CompanyRole.admin]: TeamRole.admin,
  [CompanyRole.member]: TeamRole.member,
  [CompanyRole.memberAlt]: TeamRole.member,
};

/**
 * The company the summary names: the first the user creates or administers (they may have
 * several), else the one they are a plain member of (one at most, docs/decisions/010).
 */
const companySource: TeamSource = {
  product: 'mind',
  load: async (userId, signal) => {
    const { data } = await apiCall(getCompaniesRoute, { params: { userId }, signal });
    const company = data.find((one) => !isPlainCompanyMember(one.user_type)) ?? data[0];
    return company
      ? { product: 'mind', id: company.id, name: company.company_name, role: roleOfCompanyRole[company.user_type] }
      : null;
  },
};

/** The team APIs the shell reads to know whether the user has a team (the team entry, /team). */
export const teamSources: readonly TeamSource[] = [...teamProducts.map(teamSource), companySource];
