import { defineModule } from '../manifest.js';
import { pointsGrantCommand, pointsUnlimitedCommand, teamPlanAddCommand } from './benefits.commands.js';

export {
  type Benefit,
  type BenefitGiven,
  type BenefitKind,
  type BenefitOutcome,
  type BenefitRefusal,
  giveBenefit,
  giveBenefitAlone,
} from './benefits.js';

/**
 * The one dispatcher of benefits (docs/decisions/060, 062): every source — a code, a checkout's
 * fulfilment, an order, the demo, an operator — gives through `giveBenefit`, which calls the module
 * that keeps each kind. It sits above those modules and below its callers, and owns no table.
 */
export const benefitsModule = defineModule({
  name: 'benefits',
  commands: [pointsGrantCommand, pointsUnlimitedCommand, teamPlanAddCommand],
});
