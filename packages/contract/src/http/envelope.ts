import { Type, type TProperties, type TSchema } from 'typebox';

/** The `msg` of every successful answer. */
export const SUCCESS_MSG = 'ok';

/**
 * Every JSON answer of the API has this shape (docs/architecture.md#api). `code` carries the spec's
 * numeric account error code on failures and 0 on success; `msg` is a stable,
 * machine-readable string that the web app maps to localised text.
 */
export const ErrorEnvelope = Type.Object(
  {
    status: Type.Literal('error'),
    code: Type.Integer(),
    msg: Type.String(),
    data: Type.Optional(Type.Unknown()),
  },
  { description: 'A failed answer' },
);

export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    status: Type.Literal('success'),
    code: Type.Integer(),
    msg: Type.String(),
    data,
  });

/**
 * A list answer puts the number of all rows beside the page it returns; `extra` adds fields
 * beside them (a device list's slot `limit`).
 */
export const ListEnvelope = <T extends TSchema, E extends TProperties = Record<never, TSchema>>(item: T, extra?: E) =>
  Type.Object({
    status: Type.Literal('success'),
    code: Type.Integer(),
    msg: Type.String(),
    data: Type.Array(item),
    count: Type.Integer({ minimum: 0 }),
    ...(extra as E),
  });

/** An answer that carries nothing beyond its status. */
export const EmptyEnvelope = Type.Object({
  status: Type.Literal('success'),
  code: Type.Integer(),
  msg: Type.String(),
});
