import { signInReleaseCommand, userCreateCommand } from './auth.commands.js';
import { defineModule, eraseByAddress } from '../manifest.js';
import { authRoutes } from './auth.routes.js';
import { recordSweepPlugin } from './record-sweep.plugin.js';
import { joinPasswordSet } from './auth.repository.js';
import { profileShowsPasswordWith } from '../user/index.js';

// The profile shows whether a password is set in its one statement; the user module sits below
// this one, so the join of `credentials` is handed in as the module loads (docs/decisions/070).
profileShowsPasswordWith(joinPasswordSet);

// The app registers these two itself, ahead of every module's routes (docs/architecture.md#plugin-chain);
// the operator CLI announces ended sessions without a server.
export { authPlugin } from './authenticate.plugin.js';
export { publishSessionEnds, sessionEndsPlugin } from './session-ends.plugin.js';

/** Sign-in: accounts' secrets, sessions and their tokens, codes, tickets and throttling. */
export const authModule = defineModule({
  name: 'auth',
  plugins: [recordSweepPlugin],
  routes: [authRoutes],
  commands: [userCreateCommand, signInReleaseCommand],
  tables: {
    credentials: { erase: 'rows' },
    // Deleting a session ends it at once: its tokens go with it (foreign keys, on delete cascade).
    sessions: { erase: 'rows' },
    access_tokens: { erase: 'by-database', how: 'cascade from sessions' },
    refresh_tokens: { erase: 'by-database', how: 'cascade from sessions' },
    login_tickets: { erase: 'rows' },
    verification_codes: eraseByAddress('verification_codes', 'target'),
    code_send_windows: eraseByAddress('code_send_windows', 'target'),
    // The account's own counters and those of each address it was tried from (`account` column).
    login_throttle: eraseByAddress('login_throttle', 'account'),
  },
});
export * as sessionStore from './session-store.js';
export { findPasswordHash, upsertPassword } from './auth.repository.js';
export { checkCode, consumeCode } from './codes.service.js';
export { type AuthDeps, type ClientInfo } from './deps.js';
export { assertStrongPassword, hashPassword, verifyPassword } from './passwords.js';
export { endingSessions } from './session-store.js';
export { createTicket } from './auth.service.js';
