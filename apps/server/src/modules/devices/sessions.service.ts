import { insertAuditEvent } from '../audit/index.js';
import { countEvents, findEvent, listEvents } from '../audit/index.js';
import {
  CommonErrors,
  type DeviceProduct,
  deviceProducts,
  deviceTag,
  type SecureAccountResult,
  SESSION_LIST_MAX,
  type SessionInfo,
  type SignInEvent,
} from '@account-centre/contract';
import type { Static } from 'typebox';
import { appError } from '../../lib/errors.js';
import { approximateLocation, describeClient } from './client-description.js';
import * as repo from './devices.repository.js';
import { sessionStore } from '../auth/index.js';
import type { Actor, DevicesDeps } from './devices.service.js';
import { notify } from '../messages/index.js';

export type SessionInfoDto = Static<typeof SessionInfo>;
export type SignInEventDto = Static<typeof SignInEvent>;
export type SecureAccountResultDto = Static<typeof SecureAccountResult>;

/**
 * Audit events that are sign-in attempts of an account: sign-in by any method (success or
 * failure) and the sign-in that account creation starts.
 */
export const SIGN_IN_KINDS = ['login.success', 'login.failure', 'register'] as const;

const productOrder = (product: DeviceProduct) => deviceProducts.indexOf(product);

/**
 * "Where am I signed in": the account's live sessions, most recently active first, each with
 * its client, address, the approximate location where known, and the device it runs on with
 * the products that device is activated for. At most SESSION_LIST_MAX; `count` is all of them.
 */
export async function listSessions(deps: DevicesDeps, actor: Actor) {
  const now = deps.clock.now();
  const [rows, count] = await Promise.all([
    sessionStore.listLiveSessions(deps.db, actor.userId, now, SESSION_LIST_MAX),
    sessionStore.countLiveSessions(deps.db, actor.userId, now),
  ]);
  const deviceIds = [...new Set(rows.map((row) => row.device_id).filter((id): id is string => id !== null))];
  const devices = await repo.listDevicesById(deps.db, actor.userId, deviceIds);
  const sessions: SessionInfoDto[] = rows.map((row) => {
    const activations = devices
      .filter((device) => device.device_id === row.device_id)
      .sort((a, b) => productOrder(a.product) - productOrder(b.product));
    // The newest activation names the device as its client last reported it.
    const latest = [...activations].sort((a, b) => b.last_used_at - a.last_used_at)[0];
    return {
      id: row.id,
      current: row.id === actor.sessionId,
      method: row.method,
      client: describeClient(row.user_agent),
      ip: row.ip,
      location: approximateLocation(row.ip),
      device_id: row.device_id,
      device: latest
        ? {
            device_name: latest.device_name,
            platform: latest.platform,
            tag: deviceTag(latest.platform),
            products: activations.map((device) => device.product),
          }
        : null,
      signed_in_at: row.created_at,
      last_active_at: row.last_used_at,
      expires_at: row.expires_at,
    };
  });
  return { sessions, count };
}

/** Signs out one session of the account (the caller's own too). Unknown or ended → 404. */
export async function endSession(deps: DevicesDeps, actor: Actor, sessionId: string) {
  const now = deps.clock.now();
  const ended = await sessionStore.endingSessions(deps, async (trx, ending) => {
    const revoked = await sessionStore.revokeUserSession(
      trx,
      ending,
      actor.userId,
      sessionId,
      now,
      'signed out from the account centre',
    );
    if (!revoked) return false;
    await insertAuditEvent(
      trx,
      {
        userId: actor.userId,
        kind: 'session.revoke',
        ip: actor.client.ip,
        userAgent: actor.client.userAgent,
        detail: { current: sessionId === actor.sessionId },
      },
      now,
    );
    return true;
  });
  if (!ended) throw appError(CommonErrors.notFound);
  return { current: sessionId === actor.sessionId };
}

/**
 * "Sign out and unbind" a device: its activations of every product go (their slots come back)
 * and every session on it ends, in one transaction. 404 when the device neither is active nor
 * has a session to end.
 */
export async function signOutDevice(deps: DevicesDeps, actor: Actor, deviceId: string) {
  const now = deps.clock.now();
  const outcome = await sessionStore.endingSessions(deps, async (trx, ending) => {
    const removed = await repo.deleteDevices(trx, actor.userId, deviceId);
    for (const { product } of removed) await repo.releaseSlots(trx, actor.userId, product, 1, now);
    const sessions = await sessionStore.revokeSessions(trx, ending, actor.userId, now, 'device signed out', deviceId);
    if (removed.length === 0 && sessions.length === 0) return null;
    const products = removed.map((row) => row.product).sort((a, b) => productOrder(a) - productOrder(b));
    await insertAuditEvent(
      trx,
      {
        userId: actor.userId,
        kind: 'device.sign_out',
        ip: actor.client.ip,
        userAgent: actor.client.userAgent,
        detail: { device_id: deviceId, products: products.join(','), sessions: sessions.length },
      },
      now,
    );
    return { products, sessions: sessions.map((row) => row.id) };
  });
  if (!outcome) throw appError(CommonErrors.notFound);
  return {
    products: outcome.products,
    sessions_ended: outcome.sessions.length,
    current: actor.sessionId !== null && outcome.sessions.includes(actor.sessionId),
  };
}

function parseDetail(detail: string | null): Record<string, unknown> {
  if (!detail) return {};
  try {
    const value: unknown = JSON.parse(detail);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The sign-in history of the account from the audit trail (time, method, client, address,
 * approximate location where known, success or failure), newest first, paged by offset and
 * count. A failed attempt appears when the account was identified (a wrong password for a
 * real account); tries for addresses without an account belong to nobody's history.
 */
export async function signInHistory(deps: DevicesDeps, userId: number, page: { offset: number; count: number }) {
  const [rows, count] = await Promise.all([
    listEvents(deps.db, userId, SIGN_IN_KINDS, page.offset, page.count),
    countEvents(deps.db, userId, SIGN_IN_KINDS),
  ]);
  const events: SignInEventDto[] = rows.map((row) => {
    const detail = parseDetail(row.detail);
    const method = row.kind === 'register' ? 'register' : typeof detail.method === 'string' ? detail.method : null;
    return {
      id: row.id,
      at: row.created_at,
      result: row.kind === 'login.failure' ? 'failure' : 'success',
      method,
      client: describeClient(row.user_agent),
      ip: row.ip,
      location: approximateLocation(row.ip),
    };
  });
  return { events, count };
}

/**
 * "This wasn't me" (docs/decisions/004): in one transaction, every session of the account ends
 * (the caller's too) with every pending login ticket, every device is unbound with its slot
 * given back, and the password is withdrawn — deleted, so the password someone else used is
 * gone for good, and recorded, so password sign-in answers `password reset required` until a
 * new one is set through forgot password. An `event_id` names the sign-in being disowned; it
 * must be one of the account's own (404 otherwise).
 */
export async function secureAccount(
  deps: DevicesDeps,
  actor: Actor,
  input: { event_id?: number },
): Promise<SecureAccountResultDto> {
  const now = deps.clock.now();
  const eventId = input.event_id ?? null;
  if (eventId !== null && !(await findEvent(deps.db, actor.userId, SIGN_IN_KINDS, eventId))) {
    throw appError(CommonErrors.notFound);
  }
  return sessionStore.endingSessions(deps, async (trx, ending) => {
    const removed = await repo.deleteDevices(trx, actor.userId);
    const perProduct = new Map<DeviceProduct, number>();
    for (const { product } of removed) perProduct.set(product, (perProduct.get(product) ?? 0) + 1);
    for (const [product, count] of perProduct) await repo.releaseSlots(trx, actor.userId, product, count, now);
    const sessions = await sessionStore.revokeSessions(trx, ending, actor.userId, now, 'not me');
    await sessionStore.deleteUnusedTickets(trx, actor.userId);
    const withdrawn = await sessionStore.deletePassword(trx, actor.userId);
    await repo.recordWithdrawal(trx, actor.userId, eventId, now);
    await notify(trx, actor.userId, 'signInDisowned', {}, now);
    await insertAuditEvent(
      trx,
      {
        userId: actor.userId,
        kind: 'account.secured',
        ip: actor.client.ip,
        userAgent: actor.client.userAgent,
        detail: {
          event_id: eventId,
          sessions: sessions.length,
          devices: removed.length,
          password_withdrawn: withdrawn !== undefined,
        },
      },
      now,
    );
    return {
      sessions_ended: sessions.length,
      devices_unbound: removed.length,
      password_withdrawn: withdrawn !== undefined,
    };
  });
}
