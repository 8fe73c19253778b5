import { ConfigError, readServerConfig, serverVariables, settleSecretKey } from './config.js';
import { type Env, type SettingDoc, SettingsReader } from './lib/settings.js';
import { type Config, type ModuleSettings, moduleSettings } from './modules/settings.js';

/*
 * The whole configuration of a process: the server's own settings (config.ts) and each module's,
 * declared beside its manifest (modules/settings.ts). They meet here, at the entry level, so that
 * config.ts imports no module and a module reads the configuration's type without importing the
 * file that reads it (docs/decisions/066).
 */

/** Every variable the configuration reads: the server's own, then each module's. */
export const configurationVariables: readonly SettingDoc[] = [
  ...serverVariables,
  ...moduleSettings.flatMap((settings) => settings.variables),
];

/**
 * Reads the configuration from the environment: the server's own settings, then each module's,
 * which may depend on what the server's decided; every bad value is reported at once.
 */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = new SettingsReader(env, problems);
  const { server, facts } = readServerConfig(read);
  const modulesPart = Object.assign({}, ...moduleSettings.map((settings) => settings.read(read, facts)));
  settleSecretKey(server, read);
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...server, ...(modulesPart as ModuleSettings) };
}

/**
 * The configuration of a process about to start (server, migrations): a configuration error is
 * printed and the process stops with exit code 2, before anything was opened.
 */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}
