/**
 * How the server's environment settings are declared: each variable with its name, default and
 * meaning, as the README's configuration table gives them (a test holds the two together), and
 * each module's settings with how they are read into its part of the configuration
 * (`<module>.settings.ts` beside its manifest, listed in modules/settings.ts; config.ts composes
 * them with the server's own). Bad values are collected, never thrown one by one, so an operator
 * sees every mistake at once.
 */

export type Env = Record<string, string | undefined>;

/** One environment variable, as the README's configuration table shows it. */
export interface SettingDoc {
  /** `PORT`; a family of variables names its placeholder: `OAUTH_<NAME>_ISSUER`. */
  name: string;
  /** The default in the table's words (Markdown): `` `8080` ``, "on unless production", "—" for none. */
  default: string;
  /** What it does, in the table's words (Markdown). */
  meaning: string;
}

/** A variable holding a whole number; its default is its fallback, so the table cannot say another. */
export interface WholeNumberSetting extends SettingDoc {
  read(reader: SettingsReader): number;
}

export function wholeNumber(
  name: string,
  options: { fallback: number; min: number; max: number; meaning: string },
): WholeNumberSetting {
  return {
    name,
    default: `\`${options.fallback}\``,
    meaning: options.meaning,
    read: (reader) => reader.int(name, options.fallback, options.min, options.max),
  };
}

/**
 * How often each instance does a round of background work (lib/periodic.ts), in seconds: at most
 * once a day, and `0` never.
 */
export const periodSeconds = (name: string, fallback: number, meaning: string): WholeNumberSetting =>
  wholeNumber(name, { fallback, min: 0, max: 86_400, meaning });

/** The same in milliseconds, for work that polls: at most once an hour, and `0` never. */
export const periodMilliseconds = (name: string, fallback: number, meaning: string): WholeNumberSetting =>
  wholeNumber(name, { fallback, min: 0, max: 3_600_000, meaning });

/** What the server's own settings decide before any module's are read. */
export interface ServerFacts {
  nodeEnv: string;
  production: boolean;
  port: number;
  devTools: boolean;
}

/** A module's environment settings: the variables it reads, and how, into its part of the configuration. */
export interface SettingsDeclaration<Part extends object> {
  /** The module's name, as in its manifest. */
  module: string;
  variables: readonly SettingDoc[];
  read(reader: SettingsReader, server: ServerFacts): Part;
}

export const defineSettings = <Part extends object>(declaration: SettingsDeclaration<Part>) => declaration;

type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never;

/** The configuration's part that a list of modules' settings reads. */
export type SettingsOf<List extends readonly SettingsDeclaration<object>[]> = Intersection<
  ReturnType<List[number]['read']>
>;

/** Reads variables from the environment, noting a problem (and taking the fallback) for a bad value. */
export class SettingsReader {
  constructor(
    readonly env: Env,
    readonly problems: string[],
  ) {}

  problem(message: string): void {
    this.problems.push(message);
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const raw = this.env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      this.problem(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  }

  intList(name: string, fallback: readonly number[]): number[] {
    const raw = this.env[name]?.trim();
    if (raw === undefined) return [...fallback];
    if (raw === '') return [];
    const values = raw.split(',').map((part) => Number(part.trim()));
    if (values.some((v) => !Number.isInteger(v) || v < 1 || v > 65535)) {
      this.problem(`${name} must be a comma-separated list of ports (got "${raw}")`);
      return [...fallback];
    }
    return values;
  }

  bool(name: string, fallback: boolean): boolean {
    const raw = this.env[name]?.trim().toLowerCase();
    if (!raw) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    this.problem(`${name} must be true or false (got "${raw}")`);
    return fallback;
  }

  url(name: string, protocols: string[]): string | null {
    const raw = this.env[name]?.trim();
    if (!raw) return null;
    try {
      const url = new URL(raw);
      if (!protocols.includes(url.protocol)) {
        this.problem(`${name} must use ${protocols.join(' or ')} (got "${redactUrl(raw)}")`);
        return null;
      }
      return raw;
    } catch {
      this.problem(`${name} is not a valid URL`);
      return null;
    }
  }
}

/** Hides the password part of a URL before it reaches a message or a log. */
export function redactUrl(value: string): string {
  return value.replace(/\/\/([^:/@]+):[^@/]+@/, '//$1:***@');
}
