import { CommonErrors, type ErrorEntry } from '@account-centre/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';

/** Fastify's own error codes that are the caller's fault, with the catalogue entry each is. */
const clientErrors: Record<string, ErrorEntry> = {
  FST_ERR_CTP_BODY_TOO_LARGE: CommonErrors.payloadTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: CommonErrors.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: CommonErrors.invalidRequest,
  FST_ERR_CTP_EMPTY_JSON_BODY: CommonErrors.invalidRequest,
  FST_ERR_CTP_INVALID_JSON_BODY: CommonErrors.invalidRequest,
};

/** The envelope of a failure: the entry's own code and msg, and the occurrence's details. */
function envelope(entry: ErrorEntry, data?: unknown) {
  return { status: 'error' as const, code: entry.code, msg: entry.msg, ...(data === undefined ? {} : { data }) };
}

/**
 * Renders every failure once, as the envelope of docs/architecture.md#api: typed domain errors as they
 * were thrown, request validation as 400 `invalid request` with the failing fields, anything
 * unexpected as 500 `internal error` (logged, never shown).
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        // Only the entry and its data: an operator's `detail` is for the command line.
        return reply.status(error.entry.status).send(envelope(error.entry, error.data));
      }
      if (error.validation) {
        const fields = error.validation.slice(0, 10).map((issue) => ({
          field: `${error.validationContext ?? 'body'}${issue.instancePath || ''}`,
          rule: issue.keyword,
        }));
        return reply.status(400).send(envelope(CommonErrors.invalidRequest, { fields }));
      }
      const known = error.code ? clientErrors[error.code] : undefined;
      if (known) {
        return reply.status(known.status).send(envelope(known));
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        // Fastify's status, with the msg of its kind but no account code (not a rate limit of ours).
        return reply.status(status).send({ status: 'error', code: 0, msg: entryForStatus(status).msg });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(envelope(CommonErrors.internal));
    });
  },
  { name: 'errors' },
);

/** The account error a status of Fastify's own stands for; any other is an invalid request. */
const entryByStatus: Readonly<Record<number, ErrorEntry>> = {
  401: CommonErrors.unauthorized,
  403: CommonErrors.forbidden,
  404: CommonErrors.notFound,
  409: CommonErrors.conflict,
  413: CommonErrors.payloadTooLarge,
  415: CommonErrors.unsupportedMediaType,
  429: CommonErrors.tooFrequent,
};

function entryForStatus(status: number): ErrorEntry {
  return entryByStatus[status] ?? CommonErrors.invalidRequest;
}
