import { decimalPattern, inputSchemaProblems } from '@account-centre/contract';
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';

/**
 * Request validation, stricter than Fastify's defaults where the contract needs it:
 * - bodies are never coerced (`"5"` is not a number) and unknown fields are refused, not
 *   silently removed — a malformed body is a 400, never a partial write;
 * - params and query strings arrive as text, so they are coerced to the declared types; a
 *   number among them must be written in plain decimal digits first, since the coercion would
 *   also read `0x32` as 50 and `1e2` as 100 (docs/decisions/051);
 * - a request schema without the contract's input rules (text without the control-character
 *   rule, a number without bounds: docs/decisions/013) stops the app from starting, whichever
 *   way its route was registered, so no route can reach the database with input that one
 *   database refuses and the other stores.
 */
export function createValidatorCompiler(): FastifySchemaCompiler<FastifySchema> {
  const common: Options = { allErrors: false, strict: false, useDefaults: true };
  const bodyAjv = new Ajv({ ...common, coerceTypes: false, removeAdditional: false });
  const textAjv = new Ajv({ ...common, coerceTypes: 'array', removeAdditional: false });
  return ({ schema, httpPart, method, url }) => {
    const problems = inputSchemaProblems(schema, httpPart ?? 'request');
    if (problems.length > 0) throw new Error(`${method} ${url}: ${problems.join('; ')}`);
    if (httpPart === 'body') return bodyAjv.compile(schema as object);
    return decimalNumbersFirst(textAjv.compile(schema as object), numberFields(schema));
  };
}

/** A number as a text part may write it: an integer in digits, or with a fraction for a `number`. */
const integerText = new RegExp(decimalPattern(0));
const numberText = /^-?[0-9]+(\.[0-9]+)?$/;

interface FieldSchema {
  type?: string | string[];
  items?: FieldSchema;
  anyOf?: FieldSchema[];
  properties?: Record<string, FieldSchema>;
}

const typesOf = (schema: FieldSchema): string[] =>
  schema.anyOf
    ? schema.anyOf.flatMap(typesOf)
    : schema.type === undefined
      ? []
      : Array.isArray(schema.type)
        ? schema.type
        : [schema.type];

/**
 * The fields of a text part (params, query string, headers) the coercion turns into numbers, each
 * with the notation it must be written in: declared an integer or a number (or a list of them),
 * and not also text, which would take the text as it is.
 */
function numberFields(schema: unknown): Map<string, RegExp> {
  const fields = new Map<string, RegExp>();
  for (const [name, field] of Object.entries((schema as FieldSchema).properties ?? {})) {
    const types = typesOf(field);
    const taken = types.includes('array') && field.items ? typesOf(field.items) : types;
    if (taken.includes('string')) continue;
    if (taken.includes('number')) fields.set(name, numberText);
    else if (taken.includes('integer')) fields.set(name, integerText);
  }
  return fields;
}

/**
 * The compiled validator, with the numbers of a text part held to plain decimal notation before
 * it coerces them: anything else is the failure `decimal` at that field (400 `invalid request`).
 */
function decimalNumbersFirst(validate: ValidateFunction, fields: Map<string, RegExp>): ValidateFunction {
  if (fields.size === 0) return validate;
  const checked = ((data: unknown, context?: Parameters<ValidateFunction>[1]) => {
    const record = data as Record<string, unknown> | null;
    for (const [name, notation] of fields) {
      const value = record?.[name];
      const texts = Array.isArray(value) ? value : [value];
      if (texts.some((text) => typeof text === 'string' && !notation.test(text))) {
        const error: ErrorObject = {
          instancePath: `/${name}`,
          schemaPath: `#/properties/${name}`,
          keyword: 'decimal',
          params: {},
          message: 'must be written in decimal digits',
        };
        checked.errors = [error];
        return false;
      }
    }
    const valid = validate(data, context);
    checked.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  // Fastify hands an Ajv validator its parent, so the coercion can replace a whole part.
  return Object.assign(checked, { schema: validate.schema, schemaEnv: validate.schemaEnv });
}
