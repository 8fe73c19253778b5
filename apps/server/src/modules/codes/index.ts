import { defineModule } from '../manifest.js';
import { boundCodesPlugin } from './bound-codes.plugin.js';
import { codeBatchCommand, codeDisableCommand, codeLookupCommand } from './codes.commands.js';
import { codeRoutes } from './codes.routes.js';

export { type BatchInput, codeDigest, createBatch } from './batches.service.js';

/**
 * Redeemable codes (spec 01 §2 "Bind screen", §4 "Code binding"; docs/decisions/027): batches
 * made by operators, redeemed by accounts for what the grants module gives.
 */
export const codesModule = defineModule({
  name: 'codes',
  plugins: [boundCodesPlugin],
  routes: [codeRoutes],
  commands: [codeBatchCommand, codeLookupCommand, codeDisableCommand],
  tables: {
    code_batches: { personal: false, why: 'what a batch of codes gives and how often; no person' },
    redeem_codes: { personal: false, why: 'digests of codes and how often each was used; no person' },
    // Who used which code is about the person. The code's use count stays, so a single-use code
    // is not freed by closing the account that bound it.
    code_redemptions: { erase: 'rows' },
    code_attempts: { erase: 'rows' },
  },
});
