import { type AccountErrorName, ServerMsg, accountErrorName, extractCodeMarker } from '@account-centre/contract';

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

/**
 * The ServerMsg entries by value. Every entry has its text under `errors:server.<name>` in every
 * language (client.test.ts and translations.test.ts check it), so a msg found here has a key.
 */
const serverMsgNames = new Map<string, ServerMsgName>(
  Object.entries(ServerMsg).map(([name, value]) => [value, name as ServerMsgName]),
);

type ServerMsgName = keyof typeof ServerMsg;

/**
 * Messages any route may answer with (HTTP-level): beside an account code they say less than
 * the code does.
 */
const generalMsgs = new Set<ServerMsgName>([
  'ok',
  'invalidRequest',
  'unauthorized',
  'tokenExpired',
  'forbidden',
  'notFound',
  'conflict',
  'tooFrequent',
  'payloadTooLarge',
  'unsupportedMediaType',
  'internal',
  'unavailable',
]);

/**
 * Service messages that only restate the codes they come with; the code's text is then at least
 * as precise (`account exists` with code 7 or 8 says whether the mobile or the e-mail is taken).
 */
const restatedCodes: Partial<Record<ServerMsgName, readonly AccountErrorName[]>> = {
  invalidCredentials: ['account', 'password'],
  accountNotFound: ['account'],
  invalidCode: ['code'],
  codeExpired: ['timeout'],
  samePassword: ['samePassword'],
  accountExists: ['phoneUsed', 'emailUsed', 'repeatedPhone'],
  codeCountLimit: ['codeCountLimit'],
  loginLimit: ['loginLimit'],
};

/**
 * The errors-namespace key of a failure, the most specific first:
 * - a server msg naming a cause the code does not → `errors:server.<name of the ServerMsg
 *   entry>`. One code covers several causes: the service refuses a weak new password with the
 *   password code (2), whose own text is "account or password incorrect";
 * - else an account error code (or a `[code-N]` marker in msg) → `errors:account.<name>`;
 * - else a known server msg → `errors:server.<name>`;
 * - else `errors:generic`.
 */
export function errorI18nKey(code: number, msg: string): string {
  const msgName = serverMsgNames.get(msg);
  const accountCode = code || extractCodeMarker(msg);
  const codeName = accountCode ? accountErrorName(accountCode) : null;
  if (msgName && codeName && !generalMsgs.has(msgName) && !restatedCodes[msgName]?.includes(codeName)) {
    return `errors:server.${msgName}`;
  }
  if (codeName) return `errors:account.${codeName}`;
  return msgName ? `errors:server.${msgName}` : 'errors:generic';
}

/** The server could not be reached (offline, DNS, connection refused, CORS). */
export function networkError(): ApiError {
  return new ApiError(0, 0, '', 'errors:network');
}
