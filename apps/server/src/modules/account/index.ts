import { exchangeAddCommand } from './exchange.commands.js';
import { defineModule } from '../manifest.js';
import { closeAccountsWith } from '../oauth/index.js';
import { accountRoutes } from './account.routes.js';
import { eraseAccount } from './close.service.js';

// Closing by a third-party sign-in runs the account's closing; oauth sits below this module and
// cannot import it (docs/decisions/062), so it is handed in here, as the module loads.
closeAccountsWith(eraseAccount);

/** The account screen's security items: e-mail, phones, password, exchange codes, closing. */
export const accountModule = defineModule({
  name: 'account',
  routes: [accountRoutes],
  commands: [exchangeAddCommand],
  tables: {
    phone_bind_links: { erase: 'rows' },
    phone_numbers: { erase: 'by-database', how: 'triggers on users follow its mobile and second_mobile' },
    exchange_codes: {
      keep: 'a handed-out code stays claimed so that it is never handed out twice; the row holds only the id',
    },
  },
});
