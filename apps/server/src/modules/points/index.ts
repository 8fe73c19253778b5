import { defineModule } from '../manifest.js';
import { pointsExpireCommand, pointsLedgerCommand, pointsRemindCommand } from './points.commands.js';
import { pointsSweepPlugin } from './points.plugin.js';
import { pointRoutes } from './points.routes.js';
import { pointsForfeits } from './points.service.js';

/**
 * AI points (spec 01 §2 "AI points screen", §3; docs/decisions/030): a balance of the grants
 * module, spent by the products' servers, every use recorded, expired points swept.
 */
export const pointsModule = defineModule({
  name: 'points',
  plugins: [pointsSweepPlugin],
  routes: [pointRoutes],
  commands: [pointsExpireCommand, pointsRemindCommand, pointsLedgerCommand],
  closingForfeits: pointsForfeits,
  tables: {
    // How a person used their points, and their unlimited use, are about the person.
    ai_point_accounts: { erase: 'rows' },
    ai_point_usages: { erase: 'rows' },
  },
});

export { endUnlimited, giveUnlimited, pointsNow, takeBackUnlimited } from './points.service.js';
export { findPointAccount } from './points.repository.js';
