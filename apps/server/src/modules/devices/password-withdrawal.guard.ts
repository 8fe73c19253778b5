import { accountKind, DeviceErrors, loginRoute, normaliseEmail } from '@account-centre/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database.js';
import { appError } from '../../lib/errors.js';
import { clientInfo } from '../../lib/caller.js';
import { insertAuditEvent } from '../audit/index.js';
import { findPasswordHash } from '../auth/index.js';
import { findUserIdByAddress, type SignInAddressColumn } from '../user/index.js';
import { hasPasswordWithdrawal } from './devices.repository.js';

/**
 * The account behind a sign-in address whose password was withdrawn and not set again: a
 * withdrawal of this module's and no password of the sign-in module's.
 */
async function findWithdrawnAccount(db: Db, column: SignInAddressColumn, value: string) {
  const account = await findUserIdByAddress(db, column, value);
  if (!account || !(await hasPasswordWithdrawal(db, account.id))) return undefined;
  return (await findPasswordHash(db, account.id)) === null ? account : undefined;
}

/**
 * After "this wasn't me" (docs/decisions/004) the account has no password, so a password
 * sign-in would already fail; this guard makes it fail with a message the user can act on:
 * 403 `password reset required` (code 1001, lock), until a new password is set through forgot
 * password. It runs before the sign-in service, for password sign-ins only (a code proves the
 * mailbox or phone and still signs in), and records the attempt as a failed sign-in.
 *
 * The password typed is never evaluated: a withdrawn password is not confirmed as right or
 * wrong to whoever tries it.
 */
export const passwordWithdrawalGuard = fp(
  async (app: FastifyInstance) => {
    const guard = async (request: FastifyRequest) => {
      const body = request.body as { account?: unknown; password?: unknown } | undefined;
      if (typeof body?.account !== 'string' || typeof body.password !== 'string') return;
      const kind = accountKind(body.account);
      if (!kind) return;
      const value = kind === 'email' ? normaliseEmail(body.account) : body.account.trim();
      const account = await findWithdrawnAccount(app.db, kind, value);
      if (!account) return;
      const client = clientInfo(request);
      await insertAuditEvent(
        app.db,
        {
          userId: account.id,
          kind: 'login.failure',
          ip: client.ip,
          userAgent: client.userAgent,
          detail: { method: 'password', reason: DeviceErrors.passwordResetRequired.msg },
        },
        app.clock.now(),
      );
      throw appError(DeviceErrors.passwordResetRequired);
    };

    // The sign-in route belongs to the sign-in module; the guard joins it as it is declared.
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (route.url !== loginRoute.path || !methods.includes(loginRoute.method)) return;
      const existing = route.preHandler;
      route.preHandler = [...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]), guard];
    });
  },
  { name: 'password-withdrawal-guard', dependencies: ['database'] },
);
