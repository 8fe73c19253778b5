import {
  AuthErrors,
  CommonErrors,
  type ErrorDomain,
  type ErrorEntry,
  type FailureAnswer,
  accountErrorName,
  extractCodeMarker,
} from '@account-centre/contract';

/**
 * A failed call. `i18nKey` names its localised text among the failures any screen can meet;
 * a screen reads it through errorText, with its own domain's failures first, so no screen ever
 * shows a raw server string (docs/architecture.md#errors).
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

/** Failures any screen can meet: every screen's lookup ends with these (bundled with the client). */
const sharedDomains: readonly ErrorDomain[] = [CommonErrors, AuthErrors];

function find(domains: readonly ErrorDomain[], match: (entry: ErrorEntry) => boolean): ErrorEntry | undefined {
  for (const domain of domains) {
    for (const entry of Object.values(domain)) if (match(entry)) return entry;
  }
  return undefined;
}

/**
 * The translation key of a failure answer, from the error catalogue (docs/decisions/019), the
 * most specific first:
 * - a catalogue entry with the answer's msg and code: of the screen's own `domains` first (the
 *   same msg means something else elsewhere: `only once` of an invoice is not a used sign-in
 *   code), then of the failures any screen meets;
 * - else the spec's numeric account code (the envelope's, or a `[code-N]` marker in msg) →
 *   `errors:account.<name>`;
 * - else an entry with the msg alone;
 * - else `errors:generic`.
 */
export function errorKey(answer: FailureAnswer, domains: readonly ErrorDomain[] = []): string {
  const scope = [...domains, ...sharedDomains];
  const code = answer.code ?? 0;
  const exact = find(scope, (entry) => entry.msg === answer.msg && entry.code === code);
  if (exact) return exact.key;
  const specCode = code || extractCodeMarker(answer.msg);
  if (specCode) return `errors:account.${accountErrorName(specCode)}`;
  return find(scope, (entry) => entry.msg === answer.msg)?.key ?? 'errors:generic';
}

/** The key an ApiError carries: its failure among those any screen can meet. */
export function errorI18nKey(code: number, msg: string): string {
  return errorKey({ code, msg });
}

/** The server could not be reached (offline, DNS, connection refused, CORS). */
export function networkError(): ApiError {
  return new ApiError(0, 0, '', 'errors:network');
}
