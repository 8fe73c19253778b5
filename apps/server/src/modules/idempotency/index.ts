import { defineModule } from '../manifest.js';

/**
 * Idempotency keys of signed-in writes (docs/decisions/018): routes declare `idempotent: true`
 * in the contract and registerRoute applies the hooks of this module.
 */
export const idempotencyModule = defineModule({
  name: 'idempotency',
  tables: {
    // Stored answers are the person's own data (invoice titles, e-mail addresses): erased
    // with the account.
    idempotency_keys: { erase: 'rows' },
  },
});
