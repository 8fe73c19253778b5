import { grantRevokeCommand } from './grants.commands.js';
import { defineModule } from '../manifest.js';

export {
  giveLicenceDays,
  givePlanLicence,
  type LicenceDays,
  type LicenceReplacement,
  type PlanLicence,
  type RedeemedBenefitDto,
  replaceLicence,
} from './licence-benefits.js';
export {
  balance,
  expireGrant,
  grant,
  type GrantRow,
  type GrantSourceRef,
  history,
  revoke,
  spend,
} from './grants.service.js';
export {
  countStandingGrants,
  expiredRemainders,
  licencesOfOrders,
  onlyStandingGrant,
  type OrderLicence,
  remaindersExpiringBy,
  standingGrants,
  unexpiredRemainders,
} from './holdings.repository.js';
export { grantById, grantFromSource, liveGrantsFromSource, liveRenewingLicences } from './grants.repository.js';
export type { ExpiryColumn } from './licence-record.js';
export {
  cancelLicenceRenewal,
  endRenewals,
  grantLicence,
  type LicenceGiven,
  lockLicenceHolder,
  periodStart,
} from './licences.js';
export { planHolding, planHoldings } from './plan-holdings.js';
export { licenceRecordOf, licenceRecords, type SubscriptionRecordRow } from './licences.repository.js';

/**
 * Grants and ledgers (docs/architecture.md#grants-and-ledgers, docs/decisions/022): the one way anything is given to a person
 * and taken back, and every movement of their balances.
 */
export const grantsModule = defineModule({
  name: 'grants',
  commands: [grantRevokeCommand],
  tables: {
    // Points, template credit and what a person holds are about the person, and no law asks to
    // keep them: the money behind them is kept as orders (accounting, decision 007), and
    // withdrawals of income will be kept as payouts of their own. The ledger entries go with the
    // grants by a foreign-key cascade, and with this policy too, for those without a grant.
    grants: { erase: 'rows' },
    ledger_entries: { erase: 'rows' },
    // A licence record is a projection of its grants (decision 022, "Licences"), written only here.
    licence_grants: { erase: 'rows' },
    subscriptions: { erase: 'rows' },
  },
});
