import { createHash } from 'node:crypto';

/**
 * JSON with every object’s keys in one fixed order (UTF-16 code units, as `sort()` compares), at every depth, so two requests that mean
 * the same (`{"a":1,"b":2}` and `{"b":2,"a":1}`) read the same. Arrays keep their order (it is
 * part of the meaning); `undefined` members are left out, as JSON.stringify leaves them out.
 * Only what a parsed JSON body or a validated query can hold is expected: anything else
 * (a function, a bigint, a cycle) is a programming error and throws.
 */
export function canonicalJson(value: unknown): string {
  return write(value, new Set());
}

function write(value: unknown, path: Set<object>): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonical JSON has no NaN or Infinity');
    return JSON.stringify(value);
  }
  if (typeof value !== 'object') throw new TypeError(`canonical JSON cannot hold a ${typeof value}`);
  if (path.has(value)) throw new TypeError('canonical JSON cannot hold a cycle');
  path.add(value);
  let text: string;
  if (Array.isArray(value)) {
    // JSON.stringify writes a missing element as null; so do we.
    text = `[${value.map((item) => (item === undefined ? 'null' : write(item, path))).join(',')}]`;
  } else {
    const members = Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${write((value as Record<string, unknown>)[key], path)}`);
    text = `{${members.join(',')}}`;
  }
  path.delete(value);
  return text;
}

/**
 * What makes two requests with one idempotency key "the same request": the path parameters,
 * the query (without `token`, a credential that changes as sessions do, not a parameter) and
 * the body, after validation, as SHA-256 of their canonical JSON.
 */
export function requestFingerprint(request: { params: unknown; query: unknown; body: unknown }): string {
  const { token: _credential, ...query } = (request.query ?? {}) as Record<string, unknown>;
  const text = canonicalJson({ params: request.params ?? {}, query, body: request.body ?? null });
  return createHash('sha256').update(text).digest('hex');
}
