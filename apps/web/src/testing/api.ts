import type { ErrorEntry, RouteBody, RouteDef, RouteParams, RouteReply } from '@account-centre/contract';
import { vi } from 'vitest';

/** A successful answer of a route: its envelope's fields besides `status`, `code` and `msg` (`data`, `count`…). */
export type Success<R extends RouteDef> = Omit<RouteReply<R>, 'status' | 'code' | 'msg'>;

/** A failed answer, built from an error-catalogue entry (its HTTP status, code and msg). */
export interface Failure {
  readonly failure: { status: number; body: { status: 'error'; code: number; msg: string; data?: unknown } };
}

/** A file or other answer that is not JSON (a receipt's PDF), or a stream the test writes to as it goes (events). */
export interface RawAnswer {
  readonly raw: { status?: number; body: string | ReadableStream<Uint8Array>; contentType: string };
}

/** One call the app made, as the route reads it. */
export interface Call<R extends RouteDef = RouteDef> {
  route: R | null;
  /** `METHOD /path` as sent. */
  line: string;
  url: URL;
  params: RouteParams<R>;
  query: Record<string, string>;
  body: RouteBody<R>;
  headers: Headers;
}

type Reply<R extends RouteDef> = Success<R> | Failure | RawAnswer;
type Handler<R extends RouteDef> = (call: Call<R>) => Reply<R> | Promise<Reply<R>>;

/** Fails with an entry of the error catalogue, as the server would; `data` rides along where the entry carries some. */
export function failWith(entry: Pick<ErrorEntry, 'status' | 'code' | 'msg'>, data?: unknown): Failure {
  return {
    failure: {
      status: entry.status,
      body: { status: 'error', code: entry.code, msg: entry.msg, ...(data === undefined ? {} : { data }) },
    },
  };
}

/** A non-JSON answer (a file, an event stream). */
export const rawAnswer = (
  body: RawAnswer['raw']['body'],
  contentType = 'application/pdf',
  status = 200,
): RawAnswer => ({
  raw: { status, body, contentType },
});

interface Registered {
  route: RouteDef;
  pattern: RegExp;
  names: string[];
  handler: Handler<RouteDef>;
}

function patternOf(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
  return { pattern: new RegExp(`^${source}$`), names };
}

/** Path parameters typed as the route's schema says: integers as numbers. */
function paramsOf(route: RouteDef, names: string[], values: string[]): Record<string, string | number> {
  const properties = (route.params as { properties?: Record<string, { type?: string }> } | undefined)?.properties ?? {};
  return Object.fromEntries(
    names.map((name, index) => {
      const value = decodeURIComponent(values[index] ?? '');
      const numeric = ['integer', 'number'].includes(properties[name]?.type ?? '');
      return [name, numeric ? Number(value) : value];
    }),
  );
}

/** Calls no answer was given for, since the last check (vitest.setup.ts fails the test on any). */
const unanswered: string[] = [];

export function takeUnansweredCalls(): string[] {
  return unanswered.splice(0, unanswered.length);
}

export interface ApiStub {
  /** Answers every call of `route` with what `reply` gives (typed by the route's reply schema). */
  answer<R extends RouteDef>(route: R, reply: Success<R> | Failure | RawAnswer | Handler<R>): ApiStub;
  /** Every call the app made, in order. */
  readonly calls: Call[];
  /** The calls of one route, with their typed parameters and bodies. */
  callsTo<R extends RouteDef>(route: R): Call<R>[];
}

/**
 * Replaces `fetch` with answers per contract route, so tests run the real API client (and its
 * reading of codes and messages) against answers shaped as the contract says. A call no answer
 * matches is answered 404 and recorded: the test then fails (vitest.setup.ts), naming the call,
 * so a screen that starts asking for something new is noticed.
 */
export function stubApi(): ApiStub {
  const answers: Registered[] = [];
  const calls: Call[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), window.location.origin), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const line = `${request.method} ${url.pathname}`;
    const found = answers.find((entry) => entry.route.method === request.method && entry.pattern.test(url.pathname));
    const call: Call = {
      route: found?.route ?? null,
      line,
      url,
      params: (found
        ? paramsOf(found.route, found.names, found.pattern.exec(url.pathname)?.slice(1) ?? [])
        : {}) as never,
      query: Object.fromEntries(url.searchParams),
      body: (text ? JSON.parse(text) : undefined) as never,
      headers: request.headers,
    };
    calls.push(call);
    if (!found) {
      unanswered.push(line);
      return Response.json({ status: 'error', code: 0, msg: 'not found' }, { status: 404 });
    }
    const reply = await found.handler(call);
    if ('failure' in reply) return Response.json(reply.failure.body, { status: reply.failure.status });
    if ('raw' in reply) {
      return new Response(reply.raw.body, {
        status: reply.raw.status ?? 200,
        headers: { 'Content-Type': reply.raw.contentType },
      });
    }
    return Response.json({ status: 'success', code: 0, msg: 'ok', ...reply });
  });
  vi.stubGlobal('fetch', fetchStub);
  const stub: ApiStub = {
    answer(route, reply) {
      const handler = (typeof reply === 'function' ? reply : () => reply) as Handler<RouteDef>;
      // A later answer for the same route replaces the earlier one (a test changing what the server says).
      const { pattern, names } = patternOf(route.path);
      const existing = answers.findIndex((entry) => entry.route === route);
      const entry = { route, pattern, names, handler };
      if (existing >= 0) answers[existing] = entry;
      else answers.push(entry);
      return stub;
    },
    calls,
    callsTo: <R extends RouteDef>(route: R) => calls.filter((call) => call.route === route) as Call<R>[],
  };
  return stub;
}
