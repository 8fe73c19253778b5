import { IdempotencyHeaders } from './idempotency.js';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import * as contract from '../index.js';
import {
  CleanedText,
  CONTROL_CHARACTERS_KEYWORD,
  Id,
  INT4_MAX,
  inputSchemaProblems,
  parseDecimal,
  refusesControlCharacters,
  Text,
  TEXT_PATTERN,
  UNIX_SECONDS_MAX,
  UnixSeconds,
} from './input.js';
import type { RouteDef } from './route.js';

const routes = (Object.entries(contract) as [string, unknown][]).filter(
  (entry): entry is [string, RouteDef] =>
    typeof entry[1] === 'object' && entry[1] !== null && 'path' in entry[1] && 'method' in entry[1],
);

/** Request schemas of the routes served outside `defineRoute` (their answers are pages, not envelopes). */
const otherRequestSchemas = {
  OAuthCallbackParams: contract.OAuthCallbackParams,
  OAuthCallbackQuery: contract.OAuthCallbackQuery,
  OAuthHandoffQuery: contract.OAuthHandoffQuery,
};

describe('every request schema of the contract', () => {
  it('finds the routes of every module', () => {
    expect(routes.length).toBeGreaterThan(40);
    const paths = routes.map(([, route]) => route.path);
    for (const path of ['/api/auth/login', '/api/user/:userId/invoice', '/api/dev/outbox', '/api/user/:userId/not-me'])
      expect(paths).toContain(path);
  });

  it.each(routes)('%s: text refuses control characters, numbers have bounds, objects name their fields', (_, route) => {
    const problems = [
      ...inputSchemaProblems(route.params, 'params'),
      ...inputSchemaProblems(route.querystring, 'querystring'),
      ...inputSchemaProblems(route.body, 'body'),
    ];
    expect(problems).toEqual([]);
  });

  it.each(Object.entries(otherRequestSchemas))('%s holds to the same rules', (name, schema) => {
    expect(inputSchemaProblems(schema, name)).toEqual([]);
  });
});

describe('the input rules', () => {
  it('flags a string without the control-character rule, and takes Text and fixed values', () => {
    expect(
      inputSchemaProblems(Type.Object({ a: Type.String({ maxLength: 9 }) }, { additionalProperties: false }), 'body'),
    ).toEqual(['body/a: a string without a pattern (use Text)']);
    expect(inputSchemaProblems(Type.String({ pattern: '^.{1,9}$' }), 'q')).toHaveLength(1);
    expect(inputSchemaProblems(Text({ maxLength: 9 }), 'q')).toEqual([]);
    expect(inputSchemaProblems(CleanedText({ maxLength: 9 }), 'q')).toEqual([]);
    expect(inputSchemaProblems({ ...CleanedText({ maxLength: 9 }), maxLength: undefined }, 'q')).toEqual([
      'q: cleaned text has a maximum length and no pattern',
    ]);
    expect(inputSchemaProblems(Type.Literal('x'), 'q')).toEqual([]);
    expect(inputSchemaProblems(Type.Enum(['a', 'b']), 'q')).toEqual([]);
  });

  it('flags an integer or number without both bounds, or with a bound past the safe integers', () => {
    expect(inputSchemaProblems(Type.Integer({ minimum: 1 }), 'id')).toEqual([
      'id: a number without a maximum that fits its column',
    ]);
    expect(inputSchemaProblems(Type.Integer({ maximum: 5 }), 'n')).toEqual(['n: a number without a minimum']);
    expect(inputSchemaProblems(Type.Number({ minimum: 0, maximum: 1e308 }), 'n')).toHaveLength(1);
    expect(inputSchemaProblems(Id(), 'id')).toEqual([]);
    expect(inputSchemaProblems(UnixSeconds, 'at')).toEqual([]);
    expect(inputSchemaProblems(Type.Literal(1), 'operate')).toEqual([]);
  });

  it('looks into unions, optional and nullable fields, arrays and extra fields', () => {
    const body = Type.Union([
      Type.Object({ a: Type.Optional(Type.Union([Type.Integer(), Type.Null()])) }, { additionalProperties: false }),
      Type.Object({ b: Type.Array(Type.String()) }, { additionalProperties: Type.String() }),
    ]);
    expect(inputSchemaProblems(body, 'body')).toEqual([
      'body(anyOf[0])/a(anyOf[0]): a number without a maximum that fits its column',
      'body(anyOf[0])/a(anyOf[0]): a number without a minimum',
      'body(anyOf[1])/b/*: a string without a pattern (use Text)',
      'body(anyOf[1])/*: a string without a pattern (use Text)',
    ]);
  });

  it('flags an object that takes unknown fields unchecked', () => {
    expect(inputSchemaProblems(Type.Object({}), 'query')).toEqual([
      'query: an object that takes unknown fields as they come',
    ]);
    expect(inputSchemaProblems(Type.Object({}, { additionalProperties: true }), 'query')).toHaveLength(1);
  });

  it('lets headers carry what no route declares, and holds the headers it names to the rules', () => {
    expect(inputSchemaProblems(IdempotencyHeaders, 'headers')).toEqual([]);
    expect(inputSchemaProblems(Type.Object({ 'x-note': Type.String() }), 'headers')).toEqual([
      'headers/x-note: a string without a pattern (use Text)',
    ]);
  });

  it('accepts nothing for a part a route does not have', () => {
    expect(inputSchemaProblems(undefined, 'body')).toEqual([]);
  });

  it('bounds ids by the int4 column and times by a safe year', () => {
    expect(Id()).toMatchObject({ minimum: 1, maximum: 2_147_483_647 });
    expect(INT4_MAX).toBe(2 ** 31 - 1);
    expect(new Date(UNIX_SECONDS_MAX * 1000).toISOString()).toBe('9999-12-31T23:59:59.000Z');
    expect(Number.isSafeInteger(UNIX_SECONDS_MAX)).toBe(true);
  });
});

describe('numbers written as text', () => {
  it('are plain decimal digits, with at most the decimals the field allows', () => {
    expect(['0', '7', '007', '-3', '2147483647'].map((text) => parseDecimal(text))).toEqual([0, 7, 7, -3, 2147483647]);
    expect(['12.5', '12.50', '-0.01'].map((text) => parseDecimal(text, 2))).toEqual([12.5, 12.5, -0.01]);
    const notDecimal = [
      '0x32',
      '5e1',
      '1E2',
      '0b11',
      '0o7',
      ' 5',
      '5 ',
      '+5',
      'Infinity',
      'NaN',
      '5.',
      '.5',
      '1_0',
      '５',
      '',
    ];
    for (const text of notDecimal) expect(parseDecimal(text, 2), text).toBeNull();
    expect(parseDecimal('12.5')).toBeNull();
    expect(parseDecimal('12.505', 2)).toBeNull();
  });
});

describe('text patterns', () => {
  const controls = ['\u0000', '\u0001', '\t', '\n', '\r', '\u001b', '\u001f', '\u007f', '\u0085', '\u009f'];

  it('Text refuses every control character, and takes any other text', () => {
    const text = new RegExp(TEXT_PATTERN, 'u');
    for (const c of controls) expect(text.test(`a${c}b`), JSON.stringify(c)).toBe(false);
    for (const ok of ['', 'Wang Fang', '示例科技有限公司', 'Anna’s iPhone 😀', '<b>&amp;</b>', '\u00a0\u2028'])
      expect(text.test(ok), ok).toBe(true);
  });

  it('cleaned text says so in its schema, and the introduction is the only field that is', () => {
    expect(CleanedText({ maxLength: 9 })).toMatchObject({
      type: 'string',
      maxLength: 9,
      [CONTROL_CHARACTERS_KEYWORD]: expect.any(String),
    });
    expect(CleanedText({ maxLength: 9 })).not.toHaveProperty('pattern');
    const cleaned = routes.flatMap(([name, route]) =>
      JSON.stringify(route.body ?? {}).includes(CONTROL_CHARACTERS_KEYWORD) ||
      JSON.stringify([route.params, route.querystring]).includes(CONTROL_CHARACTERS_KEYWORD)
        ? [name]
        : [],
    );
    expect(cleaned).toEqual(['updateUserRoute']);
  });

  it('takes an anchored pattern of printable characters', () => {
    for (const pattern of [
      contract.EMAIL_PATTERN,
      contract.MAINLAND_MOBILE_PATTERN,
      contract.DEVICE_ID_PATTERN,
      contract.FORM_NAME_PATTERN,
      '^[0-9]{6}$',
      '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
      '^[a-f0-9]{32}\\.jpg$',
      '^(?<year>\\d{4})\\u0041$',
    ])
      expect(refusesControlCharacters(pattern), pattern).toBe(true);
  });

  it('refuses a pattern that could match a control character or escape its anchors', () => {
    for (const pattern of [
      '^.{1,9}$',
      '^[^a]+$',
      '^\\s+$',
      '^\\S+$',
      '^\\W$',
      '^[\\x00-\\x7f]+$',
      '^a\\u0000$',
      '^\\p{L}|\\P{L}$',
      '^a|b$',
      '[a-z]+$',
      '^[a-z]+',
      '^[a-z]+\\$',
      '^(?!x)[\\s\\S]$',
      '^(a)\\1$',
      '^[a-z$',
      '^a\u0000$',
    ])
      expect(refusesControlCharacters(pattern), pattern).toBe(false);
  });
});
