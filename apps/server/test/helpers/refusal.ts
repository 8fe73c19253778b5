/**
 * How a service call ended, for tests that run many at once: null when it succeeded, else the
 * HTTP status and `msg` of the domain error it was refused with.
 */
export function refusal(promise: Promise<unknown>): Promise<{ status?: number; msg?: string } | null> {
  return promise.then(
    () => null,
    (error: { httpStatus?: number; msg?: string }) => ({ status: error.httpStatus, msg: error.msg }),
  );
}
