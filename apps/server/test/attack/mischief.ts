import { CONTROL_CHARACTERS_KEYWORD, INT4_MAX, type ServiceName, TEXT_PATTERN } from '@account-centre/contract';
import { TEST_SERVICE_KEYS } from '../helpers/test-app.js';
import fc from 'fast-check';

/**
 * Requests built from a route's schemas, each with at least one piece of mischief the contract
 * must refuse (docs/architecture.md#input): text with a control character (but in CleanedText, whose control
 * characters the server removes), a number past its bounds, a value of the wrong type, text past
 * its length, an unknown or prototype-polluting field, a missing field, a body that is not the
 * declared object, no or a false credential. A request the contract refuses never reaches a
 * handler, so it writes nothing, on either database.
 */

export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  minProperties?: number;
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  [CONTROL_CHARACTERS_KEYWORD]?: string;
}

export interface RouteSchemas {
  method: string;
  /** Fastify path syntax, `:name` segments. */
  path: string;
  access: 'public' | 'user' | 'service';
  /** A service route's callers: the first one's key is sent. */
  services?: readonly ServiceName[];
  /** The route takes an `Idempotency-Key` (required of a service). */
  idempotent?: boolean;
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
  /** The route reads a multipart upload instead of a JSON body (the avatar). */
  multipart?: boolean;
}

/** A JSON number written as given (`1e308`, `9007199254740993`), which JSON.stringify cannot. */
class RawNumber {
  constructor(readonly text: string) {}
}

/** A JSON object as an ordered list of fields, so that `__proto__` can be a field like any other. */
class JsonObject {
  constructor(readonly entries: Array<[string, unknown]>) {}
}

export function toJson(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  if (value instanceof JsonObject)
    return `{${value.entries.map(([key, v]) => `${JSON.stringify(key)}:${toJson(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  return JSON.stringify(value);
}

type Auth = 'user' | 'none' | 'junk-bearer' | 'junk-query' | 'service' | 'junk-service' | 'no-idempotency-key';

/** A request being built: path params and query fields as text, the body as JSON or as it goes on the wire. */
interface Draft {
  auth: Auth;
  params: Record<string, string>;
  query: Array<[string, string]>;
  body: { json: unknown } | { raw: string; contentType: string } | null;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was done to the request, for the failure message. */
  mischief: string[];
}

interface Mischief {
  what: string;
  apply(draft: Draft): void;
}

/** Control characters, C0, DEL and C1: text refuses every one of them. */
const refusedControls = [
  '\u0000',
  '\u0001',
  '\t',
  '\n',
  '\r',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
];

/** Numbers at and past the edges of the columns and of JavaScript's safe integers. */
const edgeNumbers = [
  '2147483648',
  '2147483647',
  '-2147483649',
  '4294967296',
  '9007199254740993',
  '-9007199254740993',
  '1e308',
  '-1e308',
  '1.5',
  '-1',
  '0',
];

const unknownKeys = ['x_unknown', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', ''];

const branchesOf = (schema: JsonSchema): JsonSchema[] => schema.anyOf ?? schema.oneOf ?? [schema];

/** The JSON types a schema takes (`integer` for whole numbers), and its fixed values if it has only those. */
function accepted(schema: JsonSchema): { types: Set<string>; values?: unknown[] } {
  const types = new Set<string>();
  const values: unknown[] = [];
  let onlyFixed = true;
  for (const branch of branchesOf(schema)) {
    if (branch.anyOf || branch.oneOf) {
      const inner = accepted(branch);
      inner.types.forEach((t) => types.add(t));
      if (inner.values) values.push(...inner.values);
      else onlyFixed = false;
      continue;
    }
    const fixed = branch.const !== undefined ? [branch.const] : branch.enum;
    if (fixed) {
      values.push(...fixed);
      fixed.forEach((v) => types.add(typeof v === 'number' ? 'number' : v === null ? 'null' : typeof v));
    } else onlyFixed = false;
    const declared = branch.type === undefined ? [] : Array.isArray(branch.type) ? branch.type : [branch.type];
    declared.forEach((t) => types.add(t));
  }
  return onlyFixed ? { types, values } : { types };
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof JsonObject) return 'object';
  if (value instanceof RawNumber) return 'number';
  return typeof value;
}

/** Whether the schema surely refuses a body value (by its type or fixed values, or its bounds). */
function refusesJson(schema: JsonSchema, value: unknown): boolean {
  const { types, values } = accepted(schema);
  const type = jsonType(value);
  if (values) return !values.some((v) => v === (value instanceof RawNumber ? Number(value.text) : value));
  if (type === 'number') {
    const number = value instanceof RawNumber ? Number(value.text) : (value as number);
    if (types.has('number') || types.has('integer')) return refusesNumber(schema, number);
    return true;
  }
  return !types.has(type);
}

function numericBranch(schema: JsonSchema): JsonSchema | undefined {
  return branchesOf(schema).find((b) => b.type === 'integer' || b.type === 'number');
}

/**
 * Whether a number is past what its field takes: an integer field takes whole numbers in its
 * bounds, and a field that names none still only what fits an int4 column (docs/architecture.md#input).
 */
function refusesNumber(schema: JsonSchema, number: number): boolean {
  const branch = numericBranch(schema);
  if (!branch) return true;
  if (branch.type === 'integer' && !Number.isInteger(number)) return true;
  return number > (branch.maximum ?? INT4_MAX) || number < (branch.minimum ?? -INT4_MAX - 1);
}

const stringBranch = (schema: JsonSchema) =>
  branchesOf(schema).find((b) => b.type === 'string' && b.const === undefined);

/** A field whose control characters the server removes takes them (CleanedText in the contract). */
const cleaned = (schema: JsonSchema) => stringBranch(schema)?.[CONTROL_CHARACTERS_KEYWORD] !== undefined;

/** Whether text is refused by a string field's own length and pattern. */
function refusesText(schema: JsonSchema, text: string): boolean {
  const branch = stringBranch(schema);
  if (!branch) return true;
  if (text.length > (branch.maxLength ?? Infinity) || text.length < (branch.minLength ?? 0)) return true;
  return branch.pattern !== undefined && !new RegExp(branch.pattern, 'u').test(text);
}

/** Whether a field surely refuses a body value: a control character anywhere in text, or past its type, values or bounds. */
function refuses(schema: JsonSchema, value: unknown): boolean {
  if (typeof value !== 'string') return refusesJson(schema, value);
  if (refusedControls.some((c) => value.includes(c)) && !cleaned(schema)) return true;
  const { values } = accepted(schema);
  if (values) return !values.includes(value);
  return refusesText(schema, value);
}

// ---- values a field takes ------------------------------------------------------------------

const printable = fc.constantFrom(...'abcXYZ019 _-.@+中文é😀'.match(/./gu)!);

/** A value the schema takes, with some variety (the mischief goes elsewhere in the request). */
function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf || schema.oneOf) return fc.oneof(...branchesOf(schema).map(validValue));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? INT4_MAX, INT4_MAX) });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'object':
      return validObject(schema);
    case 'array':
      return fc.array(validValue(schema.items ?? {}), { maxLength: 3 });
    default:
      return validText(schema);
  }
}

function validText(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  if (!schema.pattern || schema.pattern === TEXT_PATTERN)
    return fc.string({ unit: printable, minLength, maxLength: Math.max(minLength, maxLength) });
  const regExp = new RegExp(schema.pattern, 'u');
  return fc
    .stringMatching(regExp)
    .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity) && regExp.test(s));
}

function validObject(schema: JsonSchema): fc.Arbitrary<JsonObject> {
  const required = new Set(schema.required ?? []);
  // A body that must name at least one field (a profile update) always gets its first one.
  if ((schema.minProperties ?? 0) > 0) required.add(Object.keys(schema.properties ?? {})[0] as string);
  const fields = Object.entries(schema.properties ?? {}).map(([name, property]) =>
    required.has(name) && property.default === undefined
      ? validValue(property).map((v) => [[name, v]] as Array<[string, unknown]>)
      : fc
          .option(validValue(property), { nil: undefined })
          .map((v) => (v === undefined ? [] : ([[name, v]] as Array<[string, unknown]>))),
  );
  return fc.tuple(...fields).map((parts) => new JsonObject(parts.flat()));
}

const asText = (value: unknown): string => (value instanceof RawNumber ? value.text : String(value));

// ---- mischief --------------------------------------------------------------------------------

/** Text with a control character no field takes, somewhere in it. */
const withControl = (text: fc.Arbitrary<string>) =>
  fc.tuple(text, fc.constantFrom(...refusedControls), fc.nat()).map(([s, c, at]) => {
    const characters = Array.from(s);
    characters.splice(at % (characters.length + 1), 0, c);
    return characters.join('');
  });

/** Body values of the wrong kind for a field: other types, edge numbers, text with controls, long text. */
function badJsonValues(schema: JsonSchema): fc.Arbitrary<unknown> {
  const candidates: unknown[] = [
    null,
    true,
    'text',
    '1',
    [],
    [1],
    new JsonObject([]),
    new JsonObject([['__proto__', new JsonObject([['polluted', true]])]]),
    ...edgeNumbers.map((n) => new RawNumber(n)),
  ];
  const options: Array<fc.Arbitrary<unknown>> = [fc.constantFrom(...candidates)];
  const text = stringBranch(schema);
  if (text) {
    options.push(withControl(validText(text)));
    options.push(fc.integer({ min: (text.maxLength ?? 300) + 1, max: 60_000 }).map((n) => 'x'.repeat(n)));
  }
  return fc.oneof(...options);
}

/**
 * Query and path values (always text) a field refuses. A number field reads its text as a number
 * (spaces, and the control characters that count as spaces, around it are dropped), so its
 * mischief is text that is no number or a number past its bounds.
 */
function badTextValues(schema: JsonSchema): fc.Arbitrary<string> {
  const { values } = accepted(schema);
  const numeric = numericBranch(schema);
  const text = stringBranch(schema);
  const refusedText = (value: string) => {
    if (values) return !values.some((v) => String(v) === value);
    // A yes/no field reads `true` and `false`; what else a reader may take as one is left out.
    if (accepted(schema).types.has('boolean')) return !['', '0', '1', 'true', 'false', 'null'].includes(value);
    if (numeric) return value.trim() === '' || Number.isNaN(Number(value)) || refusesNumber(schema, Number(value));
    return (refusedControls.some((c) => value.includes(c)) && !cleaned(schema)) || refusesText(schema, value);
  };
  const refused = [...edgeNumbers, 'abc', 'NaN', 'Infinity', '', 'true', 'null', 'nope'].filter(refusedText);
  const options: Array<fc.Arbitrary<string>> = [
    withControl(text ? validText(text) : fc.constantFrom('1', '2147483648', 'x')).filter(refusedText),
  ];
  if (refused.length > 0) options.push(fc.constantFrom(...refused));
  if (text?.maxLength !== undefined) options.push(fc.constant('y'.repeat(text.maxLength + 1)));
  return fc.oneof(...options);
}

function objectEntries(draft: Draft): Array<[string, unknown]> | null {
  return draft.body && 'json' in draft.body && draft.body.json instanceof JsonObject ? draft.body.json.entries : null;
}

function setEntry(entries: Array<[string, unknown]>, name: string, value: unknown) {
  const found = entries.find(([key]) => key === name);
  if (found) found[1] = value;
  else entries.push([name, value]);
}

/** The pieces of mischief a route's request can carry; every one makes the contract refuse it. */
function mischiefOf(route: RouteSchemas): Array<fc.Arbitrary<Mischief>> {
  const sites: Array<fc.Arbitrary<Mischief>> = [];

  if (route.access === 'user') {
    sites.push(
      fc.constantFrom<Auth>('none', 'junk-bearer', 'junk-query').map((auth) => ({
        what: `credential: ${auth}`,
        apply: (draft) => void (draft.auth = auth),
      })),
    );
  }
  if (route.access === 'service') {
    sites.push(
      fc
        .constantFrom<Auth>(
          'none',
          'junk-service',
          'junk-bearer',
          ...(route.idempotent ? ['no-idempotency-key' as const] : []),
        )
        .map((auth) => ({
          what: `credential: ${auth}`,
          apply: (draft) => void (draft.auth = auth),
        })),
    );
  }

  for (const [name, schema] of Object.entries(route.params?.properties ?? {})) {
    sites.push(
      badTextValues(schema).map((value) => ({
        what: `path ${name} = ${JSON.stringify(value)}`,
        apply: (draft) => void (draft.params[name] = value),
      })),
    );
  }

  const query = route.querystring;
  if (query) {
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      sites.push(
        badTextValues(schema).map((value) => ({
          what: `query ${name} = ${JSON.stringify(value)}`,
          apply: (draft) => {
            draft.query = draft.query.filter(([key]) => key !== name);
            draft.query.push([name, value]);
          },
        })),
      );
      // The same field twice: a list where one value is taken.
      sites.push(
        fc.constant({
          what: `query ${name} given twice`,
          apply: (draft) => void draft.query.push([name, 'a'], [name, 'b']),
        }),
      );
    }
    const missing = (query.required ?? []).filter((name) => query.properties?.[name]?.default === undefined);
    if (missing.length > 0) {
      sites.push(
        fc.constantFrom(...missing).map((name) => ({
          what: `query without ${name}`,
          apply: (draft) => void (draft.query = draft.query.filter(([key]) => key !== name)),
        })),
      );
    }
    if (query.additionalProperties === false) {
      sites.push(
        fc
          .tuple(fc.constantFrom(...unknownKeys.filter(Boolean)), fc.constantFrom('1', 'x', ''))
          .map(([key, value]) => ({
            what: `query field ${key}`,
            apply: (draft) => void draft.query.push([key, value]),
          })),
      );
    } else if (typeof query.additionalProperties === 'object') {
      const extra = query.additionalProperties;
      sites.push(
        badTextValues(extra).map((value) => ({
          what: `extra query field = ${JSON.stringify(value)}`,
          apply: (draft) => void draft.query.push(['x_extra', value]),
        })),
      );
    }
  }

  const body = route.body;
  if (body) {
    // The whole body of the wrong kind, or not JSON as declared.
    sites.push(
      fc
        .constantFrom<Draft['body']>(
          { json: [] },
          { json: null },
          { json: 'text' },
          { json: new RawNumber('1e308') },
          { json: true },
          { raw: '{"a":', contentType: 'application/json' },
          { raw: '', contentType: 'application/json' },
          { raw: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' },
          { raw: '{"__proto__":{"isAdmin":true}}', contentType: 'application/json' },
          { raw: '{"constructor":{"prototype":{"isAdmin":true}}}', contentType: 'application/json' },
          { raw: `{"x":"${'z'.repeat(70_000)}"}`, contentType: 'application/json' },
          { raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
          { raw: 'text', contentType: 'text/plain' },
        )
        .map((replacement) => ({
          what: `body ${replacement && 'raw' in replacement ? `${replacement.contentType} ${replacement.raw.slice(0, 40)}` : toJson(replacement?.json)}`,
          apply: (draft) => void (draft.body = replacement),
        })),
    );
    // Every branch of a body names its fields and refuses others.
    sites.push(
      fc
        .tuple(fc.constantFrom(...unknownKeys), fc.constantFrom<unknown>(1, 'x', null, new JsonObject([])))
        .map(([key, value]) => ({
          what: `body field ${JSON.stringify(key)}`,
          apply: (draft) => objectEntries(draft)?.push([key, value]),
        })),
    );
    const branches = branchesOf(body);
    const fields = new Map<string, JsonSchema[]>();
    for (const branch of branches)
      for (const [name, property] of Object.entries(branch.properties ?? {}))
        fields.set(name, [...(fields.get(name) ?? []), property]);
    for (const [name, schemas] of fields) {
      // A value every branch that names the field refuses.
      const schema: JsonSchema = schemas.length === 1 ? (schemas[0] as JsonSchema) : { anyOf: schemas };
      sites.push(
        badJsonValues(schema)
          .filter((value) => schemas.every((s) => refuses(s, value)))
          .map((value) => ({
            what: `body ${name} = ${toJson(value).slice(0, 60)}${toJson(value).length > 60 ? '…' : ''}`,
            apply: (draft) => {
              const entries = objectEntries(draft);
              if (entries) setEntry(entries, name, value);
            },
          })),
      );
    }
    // Required fields missing: one of a single object's, or all of them when the body is one of several shapes.
    if (branches.length === 1) {
      const required = (body.required ?? []).filter((name) => body.properties?.[name]?.default === undefined);
      if (required.length > 0)
        sites.push(
          fc.constantFrom(...required).map((name) => ({
            what: `body without ${name}`,
            apply: (draft) => {
              const entries = objectEntries(draft);
              if (entries) entries.splice(0, entries.length, ...entries.filter(([key]) => key !== name));
            },
          })),
        );
    } else if (branches.every((b) => (b.required ?? []).length > 0)) {
      sites.push(fc.constant({ what: 'body {}', apply: (draft) => objectEntries(draft)?.splice(0) }));
    }
  }

  if (route.multipart) {
    // The upload is read by the route itself: a file that is no picture, with crop fields of every kind.
    sites.push(
      fc
        .tuple(
          fc.uint8Array({ minLength: 0, maxLength: 64 }),
          fc.array(
            fc.tuple(
              fc.constantFrom('x', 'y', 'width', 'height', 'id', 'unknown'),
              fc.oneof(fc.constantFrom(...edgeNumbers), withControl(fc.constant('1'))),
            ),
            { maxLength: 4 },
          ),
        )
        .map(([bytes, fields]) => ({
          what: `multipart ${bytes.length} bytes that are no picture, fields ${JSON.stringify(fields)}`,
          apply: (draft) => {
            const boundary = 'fuzzboundary';
            const parts = fields.map(
              ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
            );
            const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a picture ${Buffer.from(bytes).toString('latin1')}\r\n`;
            draft.body = {
              raw: `${parts.join('')}${file}--${boundary}--\r\n`,
              contentType: `multipart/form-data; boundary=${boundary}`,
            };
          },
        })),
    );
  }
  return sites;
}

/**
 * Requests of a route with 1 to 3 pieces of mischief, signed in as `user` (its own id in the
 * path) on signed-in routes, and signed out or signed in at random on public ones. Null for a
 * route that takes no input at all and is public: nothing it is sent can be refused.
 */
export function mischievousRequests(
  route: RouteSchemas,
  user: { userId: number; token: string },
): fc.Arbitrary<FuzzRequest> | null {
  const sites = mischiefOf(route);
  if (sites.length === 0) return null;
  const base = fc.record({
    params: route.params ? validObject(route.params) : fc.constant(new JsonObject([])),
    query: route.querystring ? validObject(route.querystring) : fc.constant(new JsonObject([])),
    body: route.body ? validValue(route.body) : fc.constant(undefined),
    publicWithToken: fc.boolean(),
  });
  return fc.tuple(base, fc.array(fc.oneof(...sites), { minLength: 1, maxLength: 3 })).map(([values, mischief]) => {
    const draft: Draft = {
      auth:
        route.access === 'service' ? 'service' : route.access === 'user' || values.publicWithToken ? 'user' : 'none',
      params: Object.fromEntries(values.params.entries.map(([k, v]) => [k, asText(v)])),
      query: values.query.entries.map(([k, v]) => [k, asText(v)]),
      body: values.body === undefined ? null : { json: values.body },
    };
    if ('userId' in draft.params) draft.params.userId = String(user.userId);
    for (const m of mischief) m.apply(draft);
    return build(
      route,
      draft,
      user.token,
      mischief.map((m) => m.what),
    );
  });
}

/** Junk sent to a public route that takes no input: a query and a body it never reads. */
export function junkRequests(route: RouteSchemas, user: { token: string }): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom(...unknownKeys), withControl(fc.constant('v'))), { maxLength: 3 }),
      fc.boolean(),
    )
    .map(([query, signedIn]) =>
      build(route, { auth: signedIn ? 'user' : 'none', params: {}, query, body: null }, user.token, [
        `junk query ${JSON.stringify(query)}`,
      ]),
    );
}

let fuzzKeys = 0;

function build(route: RouteSchemas, draft: Draft, token: string, mischief: string[]): FuzzRequest {
  const path = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) =>
    encodeURIComponent(draft.params[name] ?? ''),
  );
  const query = [...draft.query];
  const headers: Record<string, string> = {};
  if (draft.auth === 'user') headers.authorization = `Bearer ${token}`;
  if (draft.auth === 'junk-bearer') headers.authorization = `Bearer ${'j'.repeat(43)}`;
  if (draft.auth === 'junk-query') query.push(['token', `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`]);
  if (route.access === 'service') {
    const key = TEST_SERVICE_KEYS[route.services?.[0] ?? 'products'];
    if (draft.auth === 'service' || draft.auth === 'no-idempotency-key') headers['x-service-key'] = key;
    if (draft.auth === 'junk-service') headers['x-service-key'] = `${key.slice(0, -1)}!`;
    // A service must send a key: each request its own, so none is answered from another's.
    if (route.idempotent && draft.auth !== 'no-idempotency-key') headers['idempotency-key'] = `fuzz-${++fuzzKeys}`;
  }
  const search = query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const request: FuzzRequest = { method: route.method, url: search ? `${path}?${search}` : path, headers, mischief };
  if (draft.body) {
    if ('raw' in draft.body) {
      headers['content-type'] = draft.body.contentType;
      request.payload = draft.body.raw;
    } else {
      headers['content-type'] = 'application/json';
      request.payload = toJson(draft.body.json);
    }
  }
  return request;
}
