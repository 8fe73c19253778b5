import { type TSchema, Type } from 'typebox';

/** Options of an object schema that refuses properties it does not name. */
export const strict = { additionalProperties: false } as const;

/** The schema, or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * One of a list of strings; `enum` keeps the exact union in the static type. A spread at the top
 * level would keep these schemas in every bundle, so each call copies the list itself.
 */
export const literals = <const T extends readonly string[]>(values: T, options: { description?: string } = {}) =>
  Type.Enum([...values] as T[number][], options);

/**
 * A page of a list in a query: `count` rows from `offset`, the spec's way of paging lists
 * (getMessage, getProperty, getGroupPlans …); `count` defaults to `pageSize`, at most `maxCount`.
 */
export const offsetPage = (pageSize: number, maxCount: number) => ({
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: maxCount, default: pageSize })),
});
