import { type TInteger, type TNumberOptions, type TString, type TStringOptions, Type } from 'typebox';

/**
 * Request input is refused at the contract, the same on both databases (docs/architecture.md#input,
 * docs/decisions/013): text carries no control characters unless a field allows them, and every
 * integer has bounds that fit its column. PostgreSQL refuses a NUL in text and a number past its
 * column's type, SQLite stores or compares either, so without these rules the same request was a
 * 400 on one database and a 500 on the other.
 *
 * The builders below are how request schemas say so; `inputSchemaProblems` is the rule that every
 * request schema is held to, by the contract's tests and by the server when it compiles a route.
 */

/** Unicode control characters (general category Cc): C0, DEL and C1. */
const CONTROL_CHARACTERS = '\\u0000-\\u001F\\u007F-\\u009F';

/** Text on one line: no control character at all. */
export const TEXT_PATTERN = `^[^${CONTROL_CHARACTERS}]*$`;

/**
 * The schema keyword of a field that takes control characters because the server removes them
 * before anything is stored (the introduction, pasted from anywhere). It shows in the OpenAPI
 * document, and the input rule below accepts such a field without a pattern.
 */
export const CONTROL_CHARACTERS_KEYWORD = 'x-control-characters';

/** The largest value of an `integer` column on PostgreSQL (int4); ids are such columns. */
export const INT4_MAX = 2_147_483_647;

/**
 * The latest unix time the API takes, 9999-12-31T23:59:59Z: fits a `bigint` column and is a safe
 * integer in JavaScript, while any real date (and "forever", ~2119) stays below it.
 */
export const UNIX_SECONDS_MAX = 253_402_300_799;

type TextOptions = Omit<TStringOptions, 'pattern' | 'maxLength'> & { maxLength: number };

/** Free text of one line, with the length its field allows. */
export const Text = (options: TextOptions): TString => Type.String({ ...options, pattern: TEXT_PATTERN });

/**
 * Free text whose control characters the server removes itself (keeping tabs and line breaks):
 * a multi-line field that takes text pasted from anywhere, as typed.
 */
export const CleanedText = (options: TextOptions): TString =>
  Type.String({ ...options, [CONTROL_CHARACTERS_KEYWORD]: 'removed by the server' });

/**
 * How a number may be written as text in a request — in a path, a query string, or a text field
 * that takes an amount as typed: plain decimal notation, an optional minus, digits, and at most
 * `decimals` digits after a point (none for an integer). `Number()` and the validator's coercion
 * read much more — hex (`"0x32"` is 50), exponents (`"1e2"` is 100), binary, octal, padding
 * whitespace, `"Infinity"` — so a request could mean a number its sender never wrote
 * (docs/decisions/051).
 */
export function decimalPattern(decimals: number): string {
  return decimals > 0 ? `^-?[0-9]+(\\.[0-9]{1,${decimals}})?$` : '^-?[0-9]+$';
}

/** The number a text in plain decimal notation (decimalPattern) says, or null for any other text. */
export function parseDecimal(text: string, decimals = 0): number | null {
  return new RegExp(decimalPattern(decimals)).test(text) ? Number(text) : null;
}

/** The id of a row: an auto-incrementing int4 key. */
export const Id = (options: Omit<TNumberOptions, 'minimum' | 'maximum'> = {}): TInteger =>
  Type.Integer({ ...options, minimum: 1, maximum: INT4_MAX });

/** A point in time, unix seconds. */
export const UnixSeconds = Type.Integer({ minimum: 0, maximum: UNIX_SECONDS_MAX, description: 'unix seconds' });

// ---- the rule every request schema is held to --------------------------------------------

interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  pattern?: string;
  maxLength?: number;
  [CONTROL_CHARACTERS_KEYWORD]?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  patternProperties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/**
 * What a request schema (params, query string or body) lacks of the input rules, one line per
 * place, empty when it has them all:
 * - a string (not a fixed value) has a pattern that refuses control characters: TEXT_PATTERN, or
 *   a pattern of its own that admits only printable characters (`refusesControlCharacters`); or
 *   it is CleanedText, with a maximum length;
 * - an integer or number has a minimum and a maximum, both safe integers;
 * - an object names what it takes: unknown fields are refused or held to a schema of their own.
 */
export function inputSchemaProblems(schema: unknown, where: string): string[] {
  const problems: string[] = [];
  const object = schema as JsonSchema;
  if (where === 'headers' && typeof object === 'object' && object !== null && object.properties) {
    // Every request carries headers no route declares (Host, User-Agent, …): a headers schema
    // takes them as they come, and only the headers it names must follow the rules.
    for (const [name, property] of Object.entries(object.properties)) walk(property, `${where}/${name}`, problems);
    return problems;
  }
  walk(object, where, problems);
  return problems;
}

function walk(schema: JsonSchema, where: string, problems: string[]): void {
  if (typeof schema !== 'object' || schema === null) return;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    schema[key]?.forEach((branch, i) => walk(branch, `${where}(${key}[${i}])`, problems));
  }
  const fixed = schema.const !== undefined || schema.enum !== undefined;
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!fixed && types.includes('string') && schema[CONTROL_CHARACTERS_KEYWORD] !== undefined) {
    if (schema.pattern !== undefined || schema.maxLength === undefined)
      problems.push(`${where}: cleaned text has a maximum length and no pattern`);
  } else if (!fixed && types.includes('string')) {
    if (schema.pattern === undefined) problems.push(`${where}: a string without a pattern (use Text)`);
    else if (!refusesControlCharacters(schema.pattern))
      problems.push(`${where}: its pattern admits control characters (use Text, or a pattern of printable characters)`);
  }
  if (!fixed && (types.includes('integer') || types.includes('number'))) {
    const max = schema.maximum ?? schema.exclusiveMaximum;
    const min = schema.minimum ?? schema.exclusiveMinimum;
    if (max === undefined || !Number.isSafeInteger(max))
      problems.push(`${where}: a number without a maximum that fits its column`);
    if (min === undefined || !Number.isSafeInteger(min)) problems.push(`${where}: a number without a minimum`);
  }
  if (types.includes('object') || schema.properties) {
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      walk(property, `${where}/${name}`, problems);
    for (const [name, property] of Object.entries(schema.patternProperties ?? {}))
      walk(property, `${where}/${name}`, problems);
    const extra = schema.additionalProperties;
    if (extra === undefined || extra === true)
      problems.push(`${where}: an object that takes unknown fields as they come`);
    else if (extra !== false) walk(extra, `${where}/*`, problems);
  }
  if (Array.isArray(schema.items)) schema.items.forEach((item, i) => walk(item, `${where}/${i}`, problems));
  else if (schema.items) walk(schema.items, `${where}/*`, problems);
}

/** One of each control character, the probes a pattern's pieces are tried with. */
const controlCharacters = [
  ...Array.from({ length: 0x20 }, (_, code) => code),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
].map((code) => String.fromCharCode(code));

/**
 * Whether no string a pattern matches can hold a control character, where the pattern is of the
 * kind the contract writes: anchored at both ends (no top-level alternative escapes the
 * anchors), built of literals, escapes and character classes that each refuse every control
 * character (each is tried against all of them). Lookarounds and backreferences are refused
 * outright: they are not needed to say what a field holds.
 */
export function refusesControlCharacters(pattern: string): boolean {
  if (pattern === TEXT_PATTERN) return true;
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return false;
  const atoms: string[] = [];
  let depth = 0;
  for (let i = 1; i < pattern.length - 1; i++) {
    const c = pattern[i] as string;
    if (c === '\\') {
      const escape = /^\\(u\{[0-9A-Fa-f]+\}|u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2}|c[A-Za-z]|[pP]\{[^}]*\}|[\s\S])/.exec(
        pattern.slice(i),
      );
      if (!escape) return false;
      if (/^\\[1-9k]/.test(escape[0])) return false;
      atoms.push(escape[0]);
      i += escape[0].length - 1;
    } else if (c === '[') {
      let end = i + 1;
      while (end < pattern.length && pattern[end] !== ']') end += pattern[end] === '\\' ? 2 : 1;
      if (end >= pattern.length) return false;
      atoms.push(pattern.slice(i, end + 1));
      i = end;
    } else if (c === '(') {
      if (/^\((\?[=!]|\?<[=!])/.test(pattern.slice(i))) return false;
      const group = /^\((\?:|\?<[A-Za-z_][A-Za-z0-9_]*>)?/.exec(pattern.slice(i)) as RegExpExecArray;
      depth++;
      i += group[0].length - 1;
    } else if (c === ')') {
      depth--;
    } else if (c === '{') {
      const quantifier = /^\{\d+(,\d*)?\}/.exec(pattern.slice(i));
      if (!quantifier) return false;
      i += quantifier[0].length - 1;
    } else if (c === '|') {
      if (depth === 0) return false;
    } else if (c === '^' || c === '$') {
      return false;
    } else if (!'?*+'.includes(c)) {
      atoms.push(c);
    }
  }
  if (depth !== 0) return false;
  return atoms.every((atom) => {
    let regExp: RegExp;
    try {
      regExp = new RegExp(`^(?:${atom})$`, 'u');
    } catch {
      return false;
    }
    return controlCharacters.every((control) => !regExp.test(control));
  });
}
