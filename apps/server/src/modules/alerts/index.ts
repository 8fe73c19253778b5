import { defineModule } from '../manifest.js';

/**
 * Security alerts (docs/decisions/067): what the account holder is told, in the app and by
 * e-mail or SMS, when the ways into the account change. It sits above user, outbox and messages
 * and below the modules whose events it tells of (docs/decisions/061), and owns no table.
 */
export const alertsModule = defineModule({ name: 'alerts' });

// The door: how the modules of sign-in and the account tell of a security event.
export { type SecurityAlert, sendSecurityAlert } from './alerts.service.js';
