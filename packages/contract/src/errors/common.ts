import { AccountErrorCode } from '../rules/account-errors.js';
import { defineErrors } from './define.js';

/**
 * Failures any route may answer with (HTTP level). Their texts are in the `errors` namespace,
 * which every screen has from the start.
 */
export const CommonErrors = defineErrors('errors:server.', {
  /** A body, query or path the contract refuses; `data.fields` names what failed. */
  invalidRequest: { msg: 'invalid request', status: 400 },
  unauthorized: { msg: 'unauthorized', status: 401 },
  /** The access token is past its life: the client refreshes and retries once. */
  tokenExpired: { msg: 'token expired', status: 401 },
  /** Another user's id in the path, or a place this caller may not reach. */
  forbidden: { msg: 'forbidden', status: 403 },
  notFound: { msg: 'not found', status: 404 },
  /** The row changed between reading and writing it. */
  conflict: { msg: 'conflict', status: 409 },
  /** Rate limits; `data.retry_after` says when to try again (code 5, spec 02 §8). */
  tooFrequent: {
    msg: 'too frequent',
    status: 429,
    code: AccountErrorCode.tooFrequent,
  },
  payloadTooLarge: { msg: 'payload too large', status: 413 },
  unsupportedMediaType: { msg: 'unsupported media type', status: 415 },
  /** Anything unexpected: logged, never shown (code 20 "unknown", spec 02 §8). */
  internal: { msg: 'internal error', status: 500, code: AccountErrorCode.unknown },
  /** A provider this server depends on could not be reached. */
  unavailable: { msg: 'service unavailable', status: 503 },
  /** SMS and phone bindings exist only in the domestic build (spec 01 §1). */
  regionNotAllowed: { msg: 'not available in this region', status: 400 },
});

/**
 * Failures of idempotent writes (http/idempotency.ts), apart from the common ones so that the
 * web app's first screen does not carry them: only screens that send `Idempotency-Key` meet them.
 */
export const IdempotencyErrors = defineErrors('errors:server.', {
  /** The first request under the key is still running. */
  idempotencyKeyInUse: { msg: 'idempotency key in use', status: 409 },
  /** The key was used within 24 h for a different request. */
  idempotencyKeyReused: { msg: 'idempotency key reused', status: 409 },
  /**
   * The first request under the key did its work, but its answer was never stored (its server
   * stopped in between): the work is done and must not be asked for again.
   */
  idempotencyKeyApplied: { msg: 'idempotency key applied', status: 409 },
});
