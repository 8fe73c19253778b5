import { FOREVER_EXPIRY, isLanguage, type Language, languages } from '@account-centre/contract';
import type { Translations } from '../localised-text.js';
import { UsageError } from './usage-error.js';

interface OptionBase<Name extends string = string> {
  name: Name;
  description: string;
  required?: boolean;
  /** Overrides the kind's own wording of what is expected, in "--x must be …" and in `help`. */
  expects?: string;
}

/** Free text, trimmed; `pattern` and `nonEmpty` refuse what the command cannot use. */
export interface TextOption extends OptionBase {
  kind: 'text';
  pattern?: RegExp;
  nonEmpty?: boolean;
  /** At most this many characters (after trimming). */
  maxLength?: number;
}
/** A whole number in decimal digits (a leading minus where `min` allows one). */
export interface IntegerOption extends OptionBase {
  kind: 'integer';
  min?: number;
  max?: number;
  default?: number;
}
/**
 * An amount in minor units (fen, cents), never a float: `28000` is 28000 minor units as it always
 * was, `280.00` or `280.5` the same in major units with at most two decimals.
 */
export interface MoneyOption extends OptionBase {
  kind: 'money';
  min?: number;
  max?: number;
}
/**
 * A moment in unix seconds: digits, a date (`2026-11-22`: 00:00 UTC, or the end of that day with
 * `endOfDay`), or, unless `dateOnly`, an ISO date and time; `forever` where it is allowed.
 */
export interface TimeOption extends OptionBase {
  kind: 'time';
  /** `forever` is accepted: as the stored forever expiry (`stored`), or as the word itself for the command to read (`word`). */
  forever?: 'stored' | 'word';
  /** Only a calendar date, YYYY-MM-DD (no unix seconds, no time of day). */
  dateOnly?: boolean;
  /** A date stands for the moment its day ends (an inclusive last day). */
  endOfDay?: boolean;
}
/** An account: its id, or with `byEmail` also its e-mail address. */
export interface UserOption extends OptionBase {
  kind: 'user';
  byEmail?: boolean;
}
/** `--user`, the account a command acts on, by its id: declared once for the commands that take one. */
export const userIdOption = { kind: 'user', name: 'user', description: 'user id', required: true } as const;
/** `--user`, the account a command acts on, by its id or e-mail address. */
export const userIdOrEmailOption = {
  kind: 'user',
  byEmail: true,
  name: 'user',
  description: 'user id or e-mail',
  required: true,
} as const;
/** The id of a record (a team, a company, a grant …): a whole number from 1. */
export interface IdOption extends OptionBase {
  kind: 'id';
  /** What the id names, for "--x must be a <record> id"; the option's name by default. */
  record?: string;
}
export interface ChoiceOption extends OptionBase {
  kind: 'choice';
  values: readonly string[];
  default?: string;
}
/** Comma-separated values, blanks dropped, each checked as `item` says. */
export interface ListOption extends OptionBase {
  kind: 'list';
  /** Each value must be one of these … */
  values?: readonly string[];
  /** … or match this; */
  pattern?: RegExp;
  /** … or be a whole number from 1 (ids). */
  ids?: boolean;
  /** At least one value. */
  nonEmpty?: boolean;
}
/** Given, it is on (`--lifelong`); it takes no value. */
export interface SwitchOption extends OptionBase {
  kind: 'switch';
}
/** A value of true or false (`--renews false`): true, 1, yes / false, 0, no. */
export interface BooleanOption extends OptionBase {
  kind: 'boolean';
}
/**
 * A text readers see, which may be given in several languages besides: `--name …` and
 * `--name-<language> …` (docs/decisions/058). Required, it is given when any of its languages is.
 */
export interface LocalisedOption extends OptionBase {
  kind: 'localised';
}

export type CliOption =
  | TextOption
  | IntegerOption
  | MoneyOption
  | TimeOption
  | UserOption
  | IdOption
  | ChoiceOption
  | ListOption
  | SwitchOption
  | BooleanOption
  | LocalisedOption;

/** An account as `--user` names it. */
export type UserRef = { id: number } | { email: string };
/** A localised option as given: `text` may be left out when languages are given. */
export interface LocalisedValue {
  text?: string;
  translations: Translations;
}

type ValueOf<O> = O extends { kind: 'text' }
  ? string
  : O extends { kind: 'integer' | 'money' | 'id' }
    ? number
    : O extends { kind: 'time'; forever: 'word' }
      ? number | 'forever'
      : O extends { kind: 'time' }
        ? number
        : O extends { kind: 'user'; byEmail: true }
          ? UserRef
          : O extends { kind: 'user' }
            ? number
            : O extends { kind: 'choice'; values: readonly (infer V)[] }
              ? V
              : O extends { kind: 'list'; values: readonly (infer V)[] }
                ? V[]
                : O extends { kind: 'list'; ids: true }
                  ? number[]
                  : O extends { kind: 'list' }
                    ? string[]
                    : O extends { kind: 'switch' | 'boolean' }
                      ? boolean
                      : O extends { kind: 'localised' }
                        ? LocalisedValue
                        : never;

/** Whether an option always has a value: required, a default, a switch (off when absent), a list (empty) or localised text. */
type AlwaysThere<O> = O extends { required: true }
  ? true
  : O extends { default: unknown }
    ? true
    : O extends { kind: 'switch' | 'list' | 'localised' }
      ? true
      : false;

/** The values a command's `run` receives, typed by its option declarations. */
export type OptionValues<Options extends readonly CliOption[]> = {
  [O in Options[number] as O['name']]: AlwaysThere<O> extends true ? ValueOf<O> : ValueOf<O> | undefined;
};

const MONEY_MAX = 1_000_000_000_000;

/** What an option accepts, in words: "--x must be …" and `help` say it. */
export function expectation(option: CliOption): string {
  if (option.expects) return option.expects;
  switch (option.kind) {
    case 'text':
      return option.nonEmpty ? 'a text, not empty' : 'a text';
    case 'integer':
      return option.min !== undefined && option.max !== undefined
        ? `a whole number from ${option.min} to ${option.max}`
        : option.min !== undefined
          ? `a whole number from ${option.min}`
          : 'a whole number';
    case 'money':
      return `an amount in minor units (12345) or with two decimals (123.45)${range(option)}`;
    case 'time':
      if (option.dateOnly) return 'a date, YYYY-MM-DD';
      return `unix seconds, YYYY-MM-DD, an ISO date-time${option.forever ? ' or "forever"' : ''}`;
    case 'user':
      return option.byEmail ? 'a user id or an e-mail address' : 'a user id';
    case 'id':
      return `a ${option.record ?? option.name} id`;
    case 'choice':
      return `one of ${option.values.join(', ')}`;
    case 'list':
      return option.values
        ? `comma-separated values of ${option.values.join(', ')}`
        : option.ids
          ? 'comma-separated ids'
          : 'comma-separated values';
    case 'switch':
      return 'given without a value';
    case 'boolean':
      return 'true or false';
    case 'localised':
      return `a text, also --${option.name}-<language> (${languages.join(', ')})`;
  }
}

function range(option: MoneyOption): string {
  if (option.min !== undefined && option.max !== undefined) return `, from ${option.min} to ${option.max}`;
  return option.min !== undefined ? `, at least ${option.min}` : '';
}

function refuse(option: CliOption): never {
  throw new UsageError(`--${option.name} must be ${expectation(option)}`);
}

function inRange(option: CliOption & { min?: number; max?: number }, value: number): number {
  if (!Number.isSafeInteger(value)) refuse(option);
  if (option.min !== undefined && value < option.min) refuse(option);
  if (option.max !== undefined && value > option.max) refuse(option);
  return value;
}

const isoMoment = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A calendar date's 00:00 UTC in ms, or NaN for one that does not exist (2026-02-30). */
function dateMs(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return Number.NaN;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).getUTCDate() === Number(match[3]) && new Date(ms).getUTCMonth() === Number(match[2]) - 1
    ? ms
    : Number.NaN;
}

function parseTime(option: TimeOption, text: string): number | 'forever' {
  if (option.forever && text === 'forever') return option.forever === 'word' ? 'forever' : FOREVER_EXPIRY;
  if (option.dateOnly) {
    const ms = dateMs(text);
    return Number.isNaN(ms) ? refuse(option) : ms / 1000 + (option.endOfDay ? 86_400 : 0);
  }
  if (/^\d+$/.test(text)) return inRange(option, Number(text));
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const ms = dateMs(text);
    return Number.isNaN(ms) ? refuse(option) : ms / 1000 + (option.endOfDay ? 86_400 : 0);
  }
  if (isoMoment.test(text)) {
    const ms = Date.parse(text);
    if (!Number.isNaN(ms)) return Math.floor(ms / 1000);
  }
  return refuse(option);
}

/** "123.45" → 12345 by the digits themselves: a float would turn 0.29 into 28.999…. */
function parseMoney(option: MoneyOption, text: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return refuse(option);
  const minor = match[2] === undefined ? Number(match[1]) : Number(match[1]) * 100 + Number(match[2].padEnd(2, '0'));
  if (minor > MONEY_MAX) refuse(option);
  return inRange(option, minor);
}

function parseListItem(option: ListOption, item: string): string | number {
  if (option.values && !option.values.includes(item)) refuse(option);
  if (option.pattern && !option.pattern.test(item)) refuse(option);
  if (option.ids) {
    if (!/^\d+$/.test(item) || !Number.isSafeInteger(Number(item)) || Number(item) < 1) refuse(option);
    return Number(item);
  }
  return item;
}

/** One option's value from the text given for it. */
export function parseValue(option: Exclude<CliOption, LocalisedOption>, given: string): unknown {
  const text = given.trim();
  switch (option.kind) {
    case 'text':
      if (option.nonEmpty && text.length === 0) throw new UsageError(`--${option.name} must not be empty`);
      if (option.maxLength !== undefined && text.length > option.maxLength) refuse(option);
      if (option.pattern && !option.pattern.test(text)) refuse(option);
      return option.pattern || option.nonEmpty || option.maxLength !== undefined ? text : given;
    case 'integer': {
      const signed = option.min === undefined || option.min < 0;
      if (!(signed ? /^-?\d+$/ : /^\d+$/).test(text)) refuse(option);
      return inRange(option, Number(text));
    }
    case 'money':
      return parseMoney(option, text);
    case 'time':
      return parseTime(option, text);
    case 'user':
      if (/^\d+$/.test(text) && Number.isSafeInteger(Number(text)) && Number(text) >= 1) {
        return option.byEmail ? { id: Number(text) } : Number(text);
      }
      if (option.byEmail && text.includes('@')) return { email: text.toLowerCase() };
      return refuse(option);
    case 'id':
      // Not a number at all is told apart from a number that cannot be an id (0, -3).
      if (!/^-?\d+$/.test(text)) throw new UsageError(`--${option.name} must be a whole number`);
      if (!Number.isSafeInteger(Number(text)) || Number(text) < 1) refuse(option);
      return Number(text);
    case 'choice':
      return option.values.includes(given) ? given : refuse(option);
    case 'list': {
      const items = text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((item) => parseListItem(option, item));
      if (option.nonEmpty && items.length === 0) refuse(option);
      return items;
    }
    case 'switch':
      return true;
    case 'boolean':
      if (['true', '1', 'yes'].includes(text)) return true;
      if (['false', '0', 'no'].includes(text)) return false;
      return refuse(option);
  }
}

/** The option `--<name>-<language>` stands for: a localised option's text in one language. */
function localisedOptionOf(options: readonly CliOption[], name: string): LocalisedOption | undefined {
  const cut = name.lastIndexOf('-');
  if (cut < 0 || !isLanguage(name.slice(cut + 1))) return undefined;
  const option = options.find((o) => o.name === name.slice(0, cut));
  return option?.kind === 'localised' ? option : undefined;
}

/**
 * `[--flag value | --flag=value]…` checked against a command's options and turned into their
 * values: each is parsed by its kind, absent ones take their default (or none), and every refusal
 * is one UsageError naming the option and what it expects.
 */
export function parseArguments(args: readonly string[], options: readonly CliOption[]): Record<string, unknown> {
  const given = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const match = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/s.exec(arg);
    if (!match) throw new UsageError(`unexpected argument "${arg}"`);
    const name = match[1] as string;
    const option = options.find((o) => o.name === name) ?? localisedOptionOf(options, name);
    if (!option) throw new UsageError(`unknown option --${name}`);
    let value = match[2];
    if (value === undefined && option.kind === 'switch') {
      value = 'true';
    } else if (value === undefined) {
      value = args[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      i++;
    }
    if (given.has(name)) throw new UsageError(`--${name} given twice`);
    given.set(name, value);
  }
  const values: Record<string, unknown> = {};
  for (const option of options) {
    if (option.kind === 'localised') {
      const translations: Translations = {};
      for (const language of languages) {
        const text = given.get(`${option.name}-${language}`);
        if (text !== undefined) translations[language as Language] = text;
      }
      const text = given.get(option.name);
      if (option.required && text === undefined && Object.keys(translations).length === 0) {
        throw new UsageError(`--${option.name} is required`);
      }
      values[option.name] = text === undefined ? { translations } : { text, translations };
      continue;
    }
    const text = given.get(option.name);
    if (text === undefined) {
      if (option.required) throw new UsageError(`--${option.name} is required`);
      values[option.name] =
        option.kind === 'switch'
          ? false
          : option.kind === 'list'
            ? []
            : 'default' in option && option.default !== undefined
              ? option.default
              : undefined;
      continue;
    }
    values[option.name] = parseValue(option, text);
  }
  return values;
}
