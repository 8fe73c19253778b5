import { FOREVER_EXPIRY } from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import { type CliOption, parseArguments } from './options.js';
import { UsageError } from './usage-error.js';

const parse = (options: readonly CliOption[], ...args: string[]) => parseArguments(args, options);
const refusal = (options: readonly CliOption[], ...args: string[]) => {
  try {
    parse(options, ...args);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('operator CLI options', () => {
  it('reads --flag value and --flag=value, and refuses unknown, repeated, valueless and stray words', () => {
    const options: CliOption[] = [{ kind: 'text', name: 'name', description: '' }];
    expect(parse(options, '--name', 'a')).toEqual({ name: 'a' });
    expect(parse(options, '--name=a b')).toEqual({ name: 'a b' });
    expect(parse(options)).toEqual({ name: undefined });
    expect(refusal(options, '--other', 'x')).toBe('unknown option --other');
    expect(refusal(options, '--name', 'a', '--name', 'b')).toBe('--name given twice');
    expect(refusal(options, '--name')).toBe('--name needs a value');
    expect(refusal(options, 'name')).toBe('unexpected argument "name"');
    expect(refusal([{ kind: 'text', name: 'name', description: '', required: true }])).toBe('--name is required');
  });

  it('integers: decimal digits only, within min and max, else a default', () => {
    const count: CliOption[] = [{ kind: 'integer', name: 'count', description: '', min: 1, max: 10, default: 3 }];
    expect(parse(count, '--count', '10')).toEqual({ count: 10 });
    expect(parse(count)).toEqual({ count: 3 });
    for (const bad of ['0', '11', '1.5', '1e1', '0x5', '-1', ' ', 'five'])
      expect(refusal(count, '--count', bad)).toBe('--count must be a whole number from 1 to 10');
    const any: CliOption[] = [{ kind: 'integer', name: 'n', description: '' }];
    expect(parse(any, '--n', '-7')).toEqual({ n: -7 });
    expect(refusal(any, '--n', '99999999999999999999')).toBe('--n must be a whole number');
  });

  it('money: minor units as digits, or major units with at most two decimals, never through a float', () => {
    const amount: CliOption[] = [{ kind: 'money', name: 'amount', description: '', min: 1 }];
    expect(parse(amount, '--amount', '28000')).toEqual({ amount: 28000 });
    expect(parse(amount, '--amount', '12.34')).toEqual({ amount: 1234 });
    expect(parse(amount, '--amount', '0.29')).toEqual({ amount: 29 });
    expect(parse(amount, '--amount', '280.5')).toEqual({ amount: 28050 });
    for (const bad of ['1.234', '-5', '12,34', '.5', '0', '0.00', '1e3'])
      expect(refusal(amount, '--amount', bad)).toMatch(/^--amount must be an amount in minor units/);
    const fen: CliOption[] = [{ kind: 'money', name: 'gross', description: '', max: 100, expects: '1 to 100 fen' }];
    expect(refusal(fen, '--gross', '101')).toBe('--gross must be 1 to 100 fen');
  });

  it('times: unix seconds, a date at 00:00 UTC or its end, an ISO moment, forever where allowed', () => {
    const at: CliOption[] = [{ kind: 'time', name: 'at', description: '' }];
    expect(parse(at, '--at', '1700000000')).toEqual({ at: 1_700_000_000 });
    expect(parse(at, '--at', '2026-11-22')).toEqual({ at: Date.UTC(2026, 10, 22) / 1000 });
    expect(parse(at, '--at', '2026-11-22T08:00:00Z')).toEqual({ at: Date.UTC(2026, 10, 22, 8) / 1000 });
    expect(refusal(at, '--at', '2026-02-30')).toBe('--at must be unix seconds, YYYY-MM-DD, an ISO date-time');
    expect(refusal(at, '--at', 'forever')).toMatch(/^--at must be/);
    const last: CliOption[] = [{ kind: 'time', name: 'until', description: '', endOfDay: true }];
    expect(parse(last, '--until', '2026-12-31')).toEqual({ until: Date.UTC(2027, 0, 1) / 1000 });
    const stored: CliOption[] = [{ kind: 'time', name: 'exp', description: '', forever: 'stored' }];
    expect(parse(stored, '--exp', 'forever')).toEqual({ exp: FOREVER_EXPIRY });
    const word: CliOption[] = [{ kind: 'time', name: 'exp', description: '', forever: 'word' }];
    expect(parse(word, '--exp', 'forever')).toEqual({ exp: 'forever' });
    const day: CliOption[] = [{ kind: 'time', name: 'expires', description: '', dateOnly: true }];
    expect(refusal(day, '--expires', '1700000000')).toBe('--expires must be a date, YYYY-MM-DD');
  });

  it('users and record ids', () => {
    const user: CliOption[] = [{ kind: 'user', name: 'user', description: '', byEmail: true }];
    expect(parse(user, '--user', '12')).toEqual({ user: { id: 12 } });
    expect(parse(user, '--user', 'A@Example.com')).toEqual({ user: { email: 'a@example.com' } });
    expect(refusal(user, '--user', '0')).toBe('--user must be a user id or an e-mail address');
    const id: CliOption[] = [{ kind: 'user', name: 'user', description: '' }];
    expect(parse(id, '--user', '7')).toEqual({ user: 7 });
    expect(refusal(id, '--user', 'a@b.c')).toBe('--user must be a user id');
    const team: CliOption[] = [{ kind: 'id', name: 'team', description: '' }];
    expect(parse(team, '--team', '3')).toEqual({ team: 3 });
    expect(refusal(team, '--team', 'x')).toBe('--team must be a whole number');
    expect(refusal(team, '--team', '0')).toBe('--team must be a team id');
  });

  it('choices, lists, switches and true/false values', () => {
    const options: CliOption[] = [
      { kind: 'choice', name: 'role', description: '', values: ['admin', 'member'], default: 'member' },
      { kind: 'list', name: 'ids', description: '', ids: true },
      { kind: 'list', name: 'codes', description: '', pattern: /^[a-z]+$/, nonEmpty: true, required: true },
      { kind: 'switch', name: 'end', description: '' },
      { kind: 'boolean', name: 'renews', description: '' },
    ];
    expect(parse(options, '--codes', 'a, b,,c', '--end', '--renews', 'no', '--ids', '1,2')).toEqual({
      role: 'member',
      ids: [1, 2],
      codes: ['a', 'b', 'c'],
      end: true,
      renews: false,
    });
    expect(parse(options, '--codes', 'a', '--role', 'admin', '--renews', 'yes')).toMatchObject({
      role: 'admin',
      ids: [],
      end: false,
      renews: true,
    });
    expect(refusal(options, '--codes', 'a', '--role', 'owner')).toBe('--role must be one of admin, member');
    expect(refusal(options, '--codes', 'a,B')).toBe('--codes must be comma-separated values');
    expect(refusal(options, '--codes', ' , ')).toBe('--codes must be comma-separated values');
    expect(refusal(options, '--codes', 'a', '--ids', '1,0')).toBe('--ids must be comma-separated ids');
    expect(refusal(options, '--codes', 'a', '--renews', 'maybe')).toBe('--renews must be true or false');
  });

  it('texts: kept as given unless checked, then trimmed and refused when empty or too long', () => {
    const options: CliOption[] = [
      { kind: 'text', name: 'note', description: '' },
      { kind: 'text', name: 'reason', description: '', nonEmpty: true, maxLength: 5 },
    ];
    expect(parse(options, '--note', ' a ', '--reason', ' why ')).toEqual({ note: ' a ', reason: 'why' });
    expect(refusal(options, '--reason', '  ')).toBe('--reason must not be empty');
    expect(refusal(options, '--reason', 'too long')).toMatch(/^--reason must be/);
  });

  it('localised texts: --name and --name-<language>, required when none is given', () => {
    const options: CliOption[] = [{ kind: 'localised', name: 'name', description: '', required: true }];
    expect(parse(options, '--name', 'Basics', '--name-zh', '入门', '--name-de', 'Grundlagen')).toEqual({
      name: { text: 'Basics', translations: { zh: '入门', de: 'Grundlagen' } },
    });
    expect(parse(options, '--name-en', 'Basics')).toEqual({ name: { translations: { en: 'Basics' } } });
    expect(refusal(options)).toBe('--name is required');
    expect(refusal(options, '--name-xx', 'a')).toBe('unknown option --name-xx');
  });
});
