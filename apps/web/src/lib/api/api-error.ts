import { ServerMsg, accountErrorName, extractCodeMarker } from '@account-centre/contract';

/**
 * A failed call. `i18nKey` names the localised text for it (the errors namespace), so no screen
 * ever shows a raw server string (DESIGN.md §3).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the server was not reached. */
    readonly status: number,
    /** The envelope's numeric account error code (or the `[code-N]` marker of its msg). */
    readonly code: number,
    /** The envelope's stable machine-readable msg. */
    readonly msg: string,
    readonly i18nKey: string,
    /** The envelope's `data`, when a failure carries details (fields, retry_after, …). */
    readonly data?: unknown,
  ) {
    super(`${status} ${msg || i18nKey}`);
  }
}

const serverMsgNames = new Map<string, string>(Object.entries(ServerMsg).map(([name, value]) => [value, name]));

/**
 * The errors-namespace key of a failure:
 * - an account error code (or a `[code-N]` marker in msg) → `errors:account.<name>`;
 * - else a known server msg → `errors:server.<name of the ServerMsg entry>`;
 * - else `errors:generic`.
 */
export function errorI18nKey(code: number, msg: string): string {
  const accountCode = code || extractCodeMarker(msg);
  if (accountCode) return `errors:account.${accountErrorName(accountCode)}`;
  const name = serverMsgNames.get(msg);
  return name ? `errors:server.${name}` : 'errors:generic';
}

/** The server could not be reached (offline, DNS, connection refused, CORS). */
export function networkError(): ApiError {
  return new ApiError(0, 0, '', 'errors:network');
}
