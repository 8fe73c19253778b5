import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Page, type Route, test as base, expect } from '@playwright/test';
import { REFRESH_COOKIE_HEADER, type Region } from '@account-centre/contract';
import { runAdmin } from './operator.js';
import { codeFor, uniqueMobile } from './outbox.js';
import { DOMESTIC_HOST, HARNESS_ORIGIN, OVERSEAS_HOST, SERVER_ORIGIN } from './ports.js';

export { expect, runAdmin };

/** An address of the app in the domestic region (account.example.cn). */
export function domesticUrl(path = '/'): string {
  return `http://${DOMESTIC_HOST}${path}`;
}

/** An address of the app in the overseas region (account.example.com). */
export function overseasUrl(path = '/'): string {
  return `http://${OVERSEAS_HOST}${path}`;
}

export function regionUrl(region: Region, path = '/'): string {
  return region === 'domestic' ? domesticUrl(path) : overseasUrl(path);
}

/** The host harness framing `appUrl` (see harness/host.js). */
export function harnessUrl(appUrl: string): string {
  return `${HARNESS_ORIGIN}/host.html?src=${encodeURIComponent(appUrl)}`;
}

export interface TestUser {
  userId: number;
  email: string;
  password: string;
  region: Region;
}

export interface SignInResult {
  user_id: number;
  token: string;
  /** Absent when the server set the refresh token as the web app's HttpOnly cookie. */
  refresh_token?: string;
  expires_in: number;
}

let sequence = 0;
/** An address nobody else in this run uses (tests run in parallel workers). */
export function uniqueEmail(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${sequence}@example.com`;
}

/** Calls the API as a browser on the region's host would (the Host header picks the region). */
async function api<T>(
  request: APIRequestContext,
  region: Region,
  method: 'GET' | 'POST',
  path: string,
  options: { data?: unknown; token?: string } = {},
): Promise<T> {
  const response = await request.fetch(`${SERVER_ORIGIN}${path}`, {
    method,
    headers: {
      Host: region === 'domestic' ? DOMESTIC_HOST : OVERSEAS_HOST,
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.data === undefined ? {} : { data: options.data }),
  });
  const body = (await response.json()) as { status: string; msg: string; data: T };
  if (!response.ok() || body.status !== 'success') {
    throw new Error(`${method} ${path} answered ${response.status()} ${body.msg}`);
  }
  return body.data;
}

/** The code the server "sent" to an address, read from the dev outbox. */
async function latestCode(request: APIRequestContext, region: Region, to: string): Promise<string> {
  const messages = await api<{ subject: string; body: string }[]>(
    request,
    region,
    'GET',
    `/api/dev/outbox?to=${encodeURIComponent(to)}&limit=1`,
  );
  const code = /\b(\d{6})\b/.exec(`${messages[0]?.subject ?? ''} ${messages[0]?.body ?? ''}`)?.[1];
  if (!code) throw new Error(`no verification code in the outbox for ${to}`);
  return code;
}

/** The password of the accounts the tests make, unless a test gives its own. */
export const TEST_PASSWORD = 'Correct-horse-9';

/**
 * Registers a user through the real API, as the sign-up form does: a code of purpose 1 by
 * e-mail, read from the dev outbox, then POST /api/auth/register.
 */
export async function registerUser(
  request: APIRequestContext,
  { email = uniqueEmail(), password = TEST_PASSWORD, region }: { email?: string; password?: string; region: Region },
): Promise<TestUser> {
  await api(request, region, 'POST', '/api/auth/code', { data: { purpose: 1, email } });
  const code = await latestCode(request, region, email);
  const result = await api<SignInResult>(request, region, 'POST', '/api/auth/register', {
    data: { email, password, code },
  });
  return { userId: result.user_id, email, password, region };
}

/** Signs in through the API, as a desktop client does (the refresh token in the answer): a new session of its own. */
export function logIn(request: APIRequestContext, user: TestUser): Promise<SignInResult> {
  return api<SignInResult>(request, user.region, 'POST', '/api/auth/login', {
    data: { account: user.email, password: user.password },
  });
}

/** Links a new mainland mobile to a domestic account through the API, with its code from the outbox. */
export async function bindMobile(request: APIRequestContext, user: TestUser): Promise<string> {
  const mobile = uniqueMobile();
  const { token } = await logIn(request, user);
  await api(request, user.region, 'POST', '/api/auth/code', { data: { purpose: 4, mobile } });
  const code = await codeFor(request, user.region, mobile);
  await api(request, user.region, 'POST', `/api/user/${user.userId}/mobile`, { data: { mobile, code }, token });
  return mobile;
}

/** A one-time login ticket of a session, as a desktop client gets one for `custom`. */
export async function createTicket(request: APIRequestContext, user: TestUser, token: string): Promise<string> {
  const data = await api<{ ticket: string }>(request, user.region, 'POST', '/api/auth/ticket', { token });
  return data.ticket;
}

/** base64 of JSON, as the `custom` query parameter carries a credential. */
export function customParam(payload: { user_id: number; ticket: string } | { user_id: number; token: string }): string {
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** Where the web app keeps the session (apps/web/src/lib/session). */
export const SESSION_STORAGE_KEY = 'account-centre.session';

/** Any file of the web build: its scripts and styles, and what the styles load. */
const BUILD_FILES = '/assets/**';

/**
 * A build file answered empty, so the page runs none of the app's code: styles as styles, the
 * rest as scripts (empty styles load no font or image, so nothing else is asked for).
 */
function emptyBuildFile(route: Route): Promise<void> {
  const styles = route.request().url().endsWith('.css');
  return route.fulfill({ contentType: styles ? 'text/css' : 'text/javascript', body: '' });
}

/**
 * Opens a page of an origin, which gives access to its storage and lets a script call the API as
 * the app would: the app's own page, served by the server, with the build's files answered empty
 * so the app does not start. Not an API answer (JSON carries a policy that lets its page load
 * nothing, decision 042), nor a page the test makes up (Chromium counts it as public, and a
 * public page may not call a server on this machine).
 */
async function openOrigin(page: Page, origin: string): Promise<void> {
  await page.route(`${origin}${BUILD_FILES}`, emptyBuildFile);
  try {
    await page.goto(`${origin}/account`);
  } finally {
    await page.unroute(`${origin}${BUILD_FILES}`, emptyBuildFile);
  }
}

/**
 * Puts a session into an origin's storage, as the app saves it after signing in: with the
 * refresh token when the answer carries one (the body form of desktop clients and of pages
 * signed in before the refresh cookie), marked as kept in the cookie otherwise.
 */
export async function storeSession(page: Page, origin: string, result: SignInResult): Promise<void> {
  await openOrigin(page, origin);
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify({
      userId: result.user_id,
      token: result.token,
      refreshToken: result.refresh_token ?? '',
      ...(result.refresh_token === undefined ? { refreshCookie: true } : {}),
      expiresAt: Date.now() + result.expires_in * 1000,
    }),
  ] as const);
}

/**
 * Signs `page` in as `user` on the user's region's host (or `origin`) as the app does: a real
 * sign-in from a page of that origin asking for the refresh cookie, which the browser keeps,
 * and the session stored where the app reads it. Returns the answer (no refresh token in it).
 */
export async function signInAs(page: Page, user: TestUser, origin?: string): Promise<SignInResult> {
  const at = origin ?? new URL(regionUrl(user.region)).origin;
  await openOrigin(page, at);
  const result = await page.evaluate(
    async ([account, password, header]) => {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [header]: '1' },
        body: JSON.stringify({ account, password }),
      });
      const body = (await response.json()) as { msg: string; data: SignInResult };
      if (!response.ok) throw new Error(`sign-in answered ${response.status} ${body.msg}`);
      return body.data;
    },
    [user.email, user.password, REFRESH_COOKIE_HEADER] as const,
  );
  await storeSession(page, at, result);
  return result;
}

/**
 * Signs `page` in as `user` (see `signInAs`) and opens `path` on the host of the user's region,
 * as a user coming back to a screen does. Returns the sign-in's answer.
 */
export async function signInAndOpen(page: Page, user: TestUser, path: string): Promise<SignInResult> {
  const session = await signInAs(page, user);
  await page.goto(regionUrl(user.region, path));
  return session;
}

/**
 * Accounts the tests of a file (or of a describe block) share, registered once before the first
 * of them runs, by name: `const users = registeredBeforeAll({ overseas: 'overseas' })`, then
 * `users.overseas` inside a test (the record is empty while the tests are being declared).
 * `prepare`, when given, is done to each account once it is registered.
 */
export function registeredBeforeAll<Name extends string>(
  regions: Record<Name, Region>,
  prepare?: (user: TestUser) => Promise<void>,
): Record<Name, TestUser> {
  const users = {} as Record<Name, TestUser>;
  base.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext();
    try {
      for (const [name, region] of Object.entries(regions) as [Name, Region][]) {
        users[name] = await registerUser(request, { region });
        await prepare?.(users[name]);
      }
    } finally {
      await request.dispose();
    }
  });
  return users;
}

/** Console errors and uncaught exceptions of a page, collected for assertions. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * An account made by the operator CLI: it has an e-mail and password (and the mobile, if given)
 * but no code was sent to it, so a test may ask for one at once (codes to one address are spaced
 * 60 s apart).
 */
export async function createUser(
  region: Region,
  { label = 'user', password = TEST_PASSWORD, mobile }: { label?: string; password?: string; mobile?: string } = {},
): Promise<TestUser> {
  const email = uniqueEmail(label);
  const created = (await runAdmin([
    'user:create',
    ...['--email', email, '--password', password, '--region', region],
    ...(mobile ? ['--mobile', mobile] : []),
  ])) as { user_id: number };
  return { userId: created.user_id, email, password, region };
}

/** The demo account as global-setup.ts seeded it: its sign-in and the codes printed that once. */
export interface SeededDemo {
  email: string;
  password: string;
  user_id: number;
  created: boolean;
  codes?: Record<'activation' | 'project' | 'replacement' | 'gift' | 'coupon' | 'company', string>;
}

export function seededDemo(): SeededDemo {
  const seeded = process.env.E2E_DEMO;
  if (!seeded) throw new Error('E2E_DEMO is not set: the demo is seeded only under global-setup.ts');
  return JSON.parse(seeded) as SeededDemo;
}

/** The demo account as a test user, to sign in with. */
export function demoUser(): TestUser {
  const demo = seededDemo();
  return { userId: demo.user_id, email: demo.email, password: demo.password, region: 'domestic' };
}

/**
 * Runs several operator commands in order as one command line (`batch`), as an operator
 * scripting a setup would: their JSON answers, in order.
 */
export async function runAdminBatch(commands: string[][]): Promise<unknown[]> {
  const file = path.join(os.tmpdir(), `e2e-batch-${randomUUID()}.json`);
  writeFileSync(file, JSON.stringify(commands));
  try {
    return (await runAdmin(['batch', '--file', file])) as unknown[];
  } finally {
    rmSync(file, { force: true });
  }
}

/**
 * Calls an `/api/internal/` route as one of the company's services would (the template
 * community spending credit, a product spending AI points), with that service's key and a
 * fresh idempotency key.
 */
export async function serviceCall(
  request: APIRequestContext,
  service: 'products' | 'templates',
  path: string,
  data: unknown,
): Promise<unknown> {
  const keys = JSON.parse(process.env.E2E_SERVICE_KEYS ?? '{}') as Record<string, string>;
  const response = await request.post(`${SERVER_ORIGIN}${path}`, {
    headers: { 'X-Service-Key': keys[service] ?? '', 'Idempotency-Key': `e2e-${randomUUID()}` },
    data,
  });
  if (!response.ok()) throw new Error(`${path} answered ${response.status()} ${await response.text()}`);
  return response.json();
}

export const test = base;
