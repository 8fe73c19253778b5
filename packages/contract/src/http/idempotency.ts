import { Type } from 'typebox';

/**
 * Idempotent writes (docs/architecture.md#idempotent-writes, docs/decisions/018), with Stripe's meaning: a signed-in
 * route that declares `idempotent: true` accepts this header; the same key with the same
 * request, by the same user on the same route, within the window answers the stored response
 * (status and body) without doing the work again.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Set on an answer that is the stored response of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** Stripe's limit: keys are up to 255 characters (a V4 UUID is the usual choice). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** How long a key is remembered, in seconds: 24 hours, after which it may be used again. */
export const IDEMPOTENCY_KEY_WINDOW = 86_400;

/**
 * Visible ASCII only: no spaces, no control characters. Two `Idempotency-Key` headers reach
 * the server joined by ", ", so a request carrying two keys is refused too.
 */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x21-\\x7E]+$';

const keyBehaviour =
  'Retrying with the same key and the same request within 24 hours answers the first response (with `Idempotent-Replayed: true`) instead of doing the work again; the same key with another request is 409 `idempotency key reused`, while the first is still running 409 `idempotency key in use`.';

const IdempotencyKey = (description: string) =>
  Type.String({
    minLength: 1,
    maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
    pattern: IDEMPOTENCY_KEY_PATTERN,
    description,
  });

/** The request headers of an idempotent route, as the OpenAPI document shows and Fastify checks them. */
export const IdempotencyHeaders = Type.Object({
  // Fastify matches header names in lower case.
  'idempotency-key': Type.Optional(IdempotencyKey(`Optional. ${keyBehaviour}`)),
});

/** A service's writes must carry a key: a service retries on its own, and must never apply twice. */
export const RequiredIdempotencyHeaders = Type.Object({
  'idempotency-key': IdempotencyKey(`Required. ${keyBehaviour}`),
});
