import type { RouteDef } from '@account-centre/contract';

/**
 * Well-formed requests built from a route's own schemas, for the sweeps that walk every route
 * (the :userId guard, another user's reads): validation passes, so what answers is the check
 * under test.
 */

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
};

/** Strings tried against a pattern, in order; extend when a new route's pattern needs one. */
const candidateStrings = [
  'sample',
  'someone@example.com',
  '13812345678',
  '123456',
  '2000-01-01',
  'DE',
  'ABCD-1234-EFGH-5678',
  'ORDER123456',
  'max',
  'zh',
  '1',
  'a1',
  '20261127093000123456',
  // A company invitation: company id, expiry, signature.
  '1.1800000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
];

/** A value valid under a JSON schema, for the shapes the contract uses. */
function sample(schema: JsonSchema, where: string): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return sample(branches.find((b) => b.type !== 'null') ?? (branches[0] as JsonSchema), where);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      const properties = schema.properties ?? {};
      for (const name of schema.required ?? []) value[name] = sample(properties[name] ?? {}, `${where}.${name}`);
      for (const [name, property] of Object.entries(properties)) {
        if (Object.keys(value).length >= (schema.minProperties ?? 0)) break;
        if (!(name in value)) value[name] = sample(property, `${where}.${name}`);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}, `${where}[]`));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default: {
      const fits = (value: string) =>
        value.length >= (schema.minLength ?? 0) &&
        value.length <= (schema.maxLength ?? Infinity) &&
        (!schema.pattern || new RegExp(schema.pattern, 'u').test(value)) &&
        (schema.format !== 'email' || value.includes('@'));
      const found = candidateStrings.find(fits) ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
      if (!fits(found)) throw new Error(`no sample string for ${where}: add one to candidateStrings`);
      return found;
    }
  }
}

/** A well-formed request for `route`: its path parameters, query and body, from its schemas. */
export function sampleRequest(route: RouteDef): {
  params: Record<string, string | number>;
  query: Record<string, string>;
  body: unknown;
} {
  const params = (route.params ? sample(route.params as JsonSchema, 'params') : {}) as Record<string, string | number>;
  const query = route.querystring ? (sample(route.querystring as JsonSchema, 'query') as Record<string, unknown>) : {};
  return {
    params,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    body: route.body ? sample(route.body as JsonSchema, 'body') : undefined,
  };
}
