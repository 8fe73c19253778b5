import { AccountErrorCode, ServerMsg } from '@account-centre/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';

/** Fastify's own error codes that are the caller's fault, with the stable msg each gets. */
const clientErrors: Record<string, { status: number; msg: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, msg: ServerMsg.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, msg: ServerMsg.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, msg: ServerMsg.invalidRequest },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, msg: ServerMsg.invalidRequest },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, msg: ServerMsg.invalidRequest },
};

/**
 * Renders every failure once, as the envelope of DESIGN.md §3: typed domain errors as they
 * were thrown, request validation as 400 `invalid request` with the failing fields, anything
 * unexpected as 500 `internal error` (logged, never shown).
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.httpStatus).send({
          status: 'error',
          code: error.code,
          msg: error.msg,
          ...(error.data === undefined ? {} : { data: error.data }),
        });
      }
      if (error.validation) {
        const fields = error.validation.slice(0, 10).map((issue) => ({
          field: `${error.validationContext ?? 'body'}${issue.instancePath || ''}`,
          rule: issue.keyword,
        }));
        return reply
          .status(400)
          .send({ status: 'error', code: AccountErrorCode.none, msg: ServerMsg.invalidRequest, data: { fields } });
      }
      const known = error.code ? clientErrors[error.code] : undefined;
      if (known) {
        return reply.status(known.status).send({ status: 'error', code: AccountErrorCode.none, msg: known.msg });
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send({ status: 'error', code: AccountErrorCode.none, msg: msgForStatus(status) });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ status: 'error', code: AccountErrorCode.unknown, msg: ServerMsg.internal });
    });
  },
  { name: 'errors' },
);

function msgForStatus(status: number): string {
  switch (status) {
    case 401:
      return ServerMsg.unauthorized;
    case 403:
      return ServerMsg.forbidden;
    case 404:
      return ServerMsg.notFound;
    case 409:
      return ServerMsg.conflict;
    case 413:
      return ServerMsg.payloadTooLarge;
    case 415:
      return ServerMsg.unsupportedMediaType;
    case 429:
      return ServerMsg.tooFrequent;
    default:
      return ServerMsg.invalidRequest;
  }
}
