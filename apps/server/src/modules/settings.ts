import type { ServerConfig } from '../lib/server-config.js';
import type { SettingsOf } from '../lib/settings.js';
import { authSettings } from './auth/auth.settings.js';
import { companiesSettings } from './companies/companies.settings.js';
import { incomeSettings } from './income/income.settings.js';
import { oauthSettings } from './oauth/oauth.settings.js';
import { outboxSettings } from './outbox/outbox.settings.js';
import { paymentsSettings } from './payments/payments.settings.js';
import { pointsSettings } from './points/points.settings.js';
import { userSettings } from './user/user.settings.js';

/**
 * The environment settings of the modules that have any (each in `<module>.settings.ts` beside
 * its manifest), in the order of the module registry (index.ts), which the configuration
 * (load-config.ts, beside the server's own settings in config.ts) reads them in. A list of its own rather than a field of the manifests: the
 * configuration is read before any module's code is loaded (`npm run db:migrate` loads none),
 * and that code names the configuration's type, which is composed from these. The
 * configuration's test holds this list to the registry and to the README's configuration table.
 */
export const moduleSettings = [
  authSettings,
  userSettings,
  oauthSettings,
  outboxSettings,
  companiesSettings,
  pointsSettings,
  incomeSettings,
  paymentsSettings,
] as const;

/** The modules' part of the configuration. */
export type ModuleSettings = SettingsOf<typeof moduleSettings>;

/**
 * The whole configuration, as the app carries it (`app.config`): the server's own settings and
 * every module's. Declared here, in the modules' layer, so the services that are handed it name
 * its type without importing the entry point that reads it (load-config.ts).
 */
export type Config = ServerConfig & ModuleSettings;
