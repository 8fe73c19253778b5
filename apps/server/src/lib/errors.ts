import { AccountErrorCode, ServerMsg } from '@account-centre/contract';

/**
 * A failure the API reports on purpose. Services throw these; the error plugin renders them
 * once, as the envelope `{status: "error", code, msg, data?}` with `httpStatus`.
 */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly msg: string,
    readonly code: number = AccountErrorCode.none,
    readonly data?: unknown,
  ) {
    super(msg);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string = ServerMsg.invalidRequest, code?: number, data?: unknown) =>
  new AppError(400, msg, code, data);
export const unauthorized = (msg: string = ServerMsg.unauthorized, code?: number) => new AppError(401, msg, code);
export const forbidden = (msg: string = ServerMsg.forbidden) => new AppError(403, msg);
export const notFound = (msg: string = ServerMsg.notFound) => new AppError(404, msg);
export const conflict = (msg: string = ServerMsg.conflict, code?: number) => new AppError(409, msg, code);
export const tooMany = (
  msg: string = ServerMsg.tooFrequent,
  code: number = AccountErrorCode.tooFrequent,
  data?: unknown,
) => new AppError(429, msg, code, data);
