import { randomBytes } from 'node:crypto';
import type { SignInResult } from '@account-centre/contract';
import type { Static } from 'typebox';
import type { Database } from '../../src/db/db.js';
import { listForRecipient } from '../../src/modules/outbox/outbox.repository.js';
import type { TestApp } from './test-app.js';

/** Host names of the two regions (docs/architecture.md#regions). */
export const DOMESTIC_HOST = 'account.example.cn';
export const OVERSEAS_HOST = 'account.example.com';

/** A password that passes every strength rule. */
export const PASSWORD = 'Correct-Horse-42';

/** A sign-in answer in the body form (desktop clients), which the tests use unless they test the cookie. */
export type SignIn = Required<Static<typeof SignInResult>>;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/** A mainland mobile number nobody else in the run uses. */
export function uniqueMobile(): string {
  return `139${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
}

/** A fresh client address, so that per-IP sign-in limits of one test never touch another. */
export function uniqueIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

/** The code of the newest message to a recipient, read from the outbox as a mailbox would. */
export async function latestCode(t: TestApp, recipient: string): Promise<string> {
  const [message] = await listForRecipient(t.app.db, recipient, 1);
  const match = message ? /\b(\d{6})\b/.exec(message.body) : null;
  if (!match?.[1]) throw new Error(`no code in the outbox for ${recipient}`);
  return match[1];
}

export type CodeRequest = { purpose: number; email: string } | { purpose: number; mobile: string };

/** Sends a code through the API and returns it from the outbox. */
export async function requestCode(t: TestApp, body: CodeRequest, host = OVERSEAS_HOST): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/code', headers: { host }, payload: body });
  if (res.statusCode !== 200) throw new Error(`sending a code failed: ${res.statusCode} ${res.body}`);
  return latestCode(t, 'email' in body ? body.email.toLowerCase() : body.mobile);
}

export interface Registered extends SignIn {
  email: string;
  password: string;
}

/** Registers an e-mail account through the API (code from the outbox) and returns its sign-in. */
export async function registerByEmail(
  t: TestApp,
  options: { email?: string; password?: string; host?: string; headers?: Record<string, string> } = {},
): Promise<Registered> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? PASSWORD;
  const host = options.host ?? OVERSEAS_HOST;
  const code = await requestCode(t, { purpose: 1, email }, host);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { host, ...options.headers },
    payload: { email, password, code },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...(res.json().data as SignIn), email, password };
}

export async function login(
  t: TestApp,
  payload: Record<string, unknown>,
  options: { ip?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload,
    headers: options.headers,
    remoteAddress: options.ip ?? uniqueIp(),
  });
}

export type TableName = keyof Database;

export async function countRows(t: TestApp, table: TableName): Promise<number> {
  const row = await t.app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const tables: TableName[] = [
  'users',
  'credentials',
  'sessions',
  'refresh_tokens',
  'access_tokens',
  'verification_codes',
  'code_send_windows',
  'login_tickets',
  'login_throttle',
  'outbox',
  'audit_events',
];

/** Row counts of every sign-in table: equal before and after means nothing was written. */
export async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = await countRows(t, table);
  return counts;
}
