import { AccountErrorCode } from '@account-centre/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';
import { createAccount } from '../modules/auth/accounts.service.js';
import { findUserIdByEmail, hasAnyUser } from '../modules/auth/auth.repository.js';
import type { AuthDeps } from '../modules/auth/deps.js';
import { seedOrderDemo } from '../modules/orders/demo-data.js';

/** The demo sign-in, printed on start and documented in docs/decisions/002. Never in production. */
export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'Demo-Account-2026';

export interface DemoAccount {
  email: string;
  password: string;
  user_id: number;
  created: boolean;
}

/**
 * Creates the demo account unless it exists, with data on every screen so that each branch can
 * be seen (orders and licences in every state). Each part is idempotent.
 */
export async function ensureDemoAccount(deps: Pick<AuthDeps, 'db' | 'clock'>): Promise<DemoAccount> {
  const account = await ensureDemoUser(deps);
  await seedOrderDemo(deps.db, account.user_id, deps.clock.now());
  return account;
}

/** The e-mail's unique index decides: when two starts race, one creates it, the other finds it. */
async function ensureDemoUser(deps: Pick<AuthDeps, 'db' | 'clock'>): Promise<DemoAccount> {
  try {
    const account = await createAccount(deps, {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      region: 'domestic',
      nickName: 'Demo',
    });
    return { email: DEMO_EMAIL, password: DEMO_PASSWORD, user_id: account.user_id, created: true };
  } catch (error) {
    if (!(error instanceof AppError && error.code === AccountErrorCode.emailUsed)) throw error;
    const existing = await findUserIdByEmail(deps.db, DEMO_EMAIL);
    if (!existing) throw error;
    return { email: DEMO_EMAIL, password: DEMO_PASSWORD, user_id: existing.id, created: false };
  }
}

/** On a database without users (first `npm start`), creates the demo account and returns its sign-in. */
export async function seedDemoIfEmpty(app: FastifyInstance): Promise<{ email: string; password: string } | null> {
  if (await hasAnyUser(app.db)) return null;
  const demo = await ensureDemoAccount(app);
  return demo.created ? { email: demo.email, password: demo.password } : null;
}
