import { defineModule } from '../manifest.js';
import { idempotencyPlugin } from './idempotency.plugin.js';

/**
 * Idempotency keys of signed-in writes (docs/decisions/018): routes declare `idempotent: true`
 * in the contract and registerRoute applies the hooks this module's plugin provides.
 */
export const idempotencyModule = defineModule({
  name: 'idempotency',
  plugins: [idempotencyPlugin],
  tables: {
    // Stored answers are the person's own data (invoice titles, e-mail addresses): erased
    // with the account.
    idempotency_keys: { erase: 'rows' },
  },
});
