import { CommonErrors, type ErrorEntry } from '@account-centre/contract';

/**
 * A failure the API reports on purpose: an entry of the contract's error catalogue, with the
 * details (`data`) this occurrence carries. Services throw these; the error plugin renders
 * them once, as the envelope `{status: "error", code, msg, data?}` with `httpStatus`.
 */
export class AppError extends Error {
  readonly httpStatus: number;
  readonly msg: string;
  readonly code: number;

  constructor(
    readonly entry: ErrorEntry,
    readonly data?: unknown,
    /**
     * For operator commands only: what exactly was wrong with their input. The CLI prints it;
     * the API never shows it (the answer is the entry alone).
     */
    readonly detail?: string,
  ) {
    super(detail ?? entry.msg);
    this.name = 'AppError';
    this.httpStatus = entry.status;
    this.msg = entry.msg;
    this.code = entry.code;
  }

  /** Whether this is that failure of the catalogue. */
  is(entry: ErrorEntry): boolean {
    return this.entry === entry;
  }
}

/** The failure `entry`, with the details of this occurrence (`data.fields`, `retry_after`…). */
export function appError(entry: ErrorEntry, data?: unknown): AppError {
  return new AppError(entry, data);
}

/**
 * Operator input that a command refuses (a seat count out of range, an unknown product): the
 * operator reads `detail`; should it ever reach the API, it answers as `entry` does.
 */
export function operatorInputError(detail: string, entry: ErrorEntry = CommonErrors.invalidRequest): AppError {
  return new AppError(entry, undefined, detail);
}
