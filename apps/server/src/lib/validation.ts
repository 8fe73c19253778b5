import { inputSchemaProblems } from '@account-centre/contract';
import { Ajv, type Options } from 'ajv';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';

/**
 * Request validation, stricter than Fastify's defaults where the contract needs it:
 * - bodies are never coerced (`"5"` is not a number) and unknown fields are refused, not
 *   silently removed — a malformed body is a 400, never a partial write;
 * - params and query strings arrive as text, so they are coerced to the declared types;
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
    const ajv = httpPart === 'body' ? bodyAjv : textAjv;
    return ajv.compile(schema as object);
  };
}
