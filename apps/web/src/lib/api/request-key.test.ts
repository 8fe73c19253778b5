import { CodeErrors, CommonErrors, IdempotencyErrors } from '@account-centre/contract';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, networkError } from './api-error';
import { newRequestKey, useIdempotentSend } from './request-key';

const refusal = (entry: { status: number; code: number; msg: string }) =>
  new ApiError(entry.status, entry.code, entry.msg, 'errors:generic');

/** Sends `body` once through the hook, answering with `outcome`; gives the key it was sent with. */
function sender() {
  const { result } = renderHook(() => useIdempotentSend());
  return async (body: unknown, outcome: 'ok' | Error) => {
    let sentWith = '';
    await result
      .current(body, async (key) => {
        sentWith = key;
        if (outcome !== 'ok') throw outcome;
      })
      .catch(() => {});
    return sentWith;
  };
}

describe('a request key', () => {
  it('is 128 random bits in hex, new each time', () => {
    const key = newRequestKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newRequestKey()).not.toBe(key);
  });
});

describe('sending a write once', () => {
  const body = { code: 'ABCD-EFGH' };

  it('keeps the key while the answer may have been lost: no answer, a server error, the first still running', async () => {
    const send = sender();
    const first = await send(body, networkError());
    expect(await send(body, new TypeError('Failed to fetch'))).toBe(first);
    expect(await send(body, refusal(CommonErrors.unavailable))).toBe(first);
    expect(await send(body, refusal(IdempotencyErrors.idempotencyKeyInUse))).toBe(first);
    expect(await send(body, 'ok')).toBe(first);
  });

  it('drops the key once the server has answered for good, so the same request later is a new one', async () => {
    const send = sender();
    const succeeded = await send(body, 'ok');
    const refused = await send(body, refusal(CodeErrors.used));
    expect(refused).not.toBe(succeeded);
    // A refusal is stored under its key: asked again, the request is judged anew, under a new key.
    expect(await send(body, 'ok')).not.toBe(refused);
  });

  it('drops the key when the server says its work was done though the answer was lost', async () => {
    const send = sender();
    const applied = await send(body, refusal(IdempotencyErrors.idempotencyKeyApplied));
    expect(await send(body, 'ok')).not.toBe(applied);
  });

  it('gives another body another key', async () => {
    const send = sender();
    const first = await send(body, networkError());
    expect(await send({ code: 'WXYZ-0000' }, networkError())).not.toBe(first);
    expect(await send(body, 'ok')).toBe(first);
  });
});
