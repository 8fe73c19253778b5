/** A reply's envelope, as a client reading it over the network sees it. */
export interface Answer {
  status: string;
  msg: string;
  data?: unknown;
}

/**
 * Calls a server listening at `base` over real HTTP, as a client would: the body sent as JSON
 * and the bearer token when given, the reply's envelope read back. For the tests that start the
 * server as a process of its own (to kill it), where the in-process injector cannot reach.
 */
export async function callOverHttp(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Answer;
}
