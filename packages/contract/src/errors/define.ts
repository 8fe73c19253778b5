import { accountErrorName } from '../rules/account-errors.js';

/**
 * One failure of the API, as the catalogue declares it (docs/architecture.md#errors): the stable `msg` clients
 * match on, the HTTP status, the spec's numeric account error `code` (0 when it names none) and
 * the i18next key of its localised text (`namespace:path`).
 *
 * Plain data on purpose: the web build keeps only the entries a screen imports, so each
 * screen pays for its own domain's failures and nothing else (docs/decisions/019).
 */
export interface ErrorEntry {
  readonly msg: string;
  readonly status: number;
  readonly code: number;
  readonly key: string;
}

interface EntrySpec {
  readonly msg: string;
  readonly status: number;
  readonly code?: number;
  /**
   * Only when the text is not the default: the entry's own text for a failure its code does not
   * say enough about, or a text the screen also shows for its own checks.
   */
  readonly key?: string;
}

export type ErrorDomain<Names extends string = string> = { readonly [N in Names]: ErrorEntry };

/**
 * A domain's failures. Unless an entry names its own text, one with a spec code is worded as
 * that code is (`errors:account.<code name>`, the texts of spec 02 §8's codes), one without by
 * `<keyPrefix><name>`. The prefix names the namespace that holds the texts: one every screen
 * loads for failures any screen can meet, the domain's screen's own for the rest, so they
 * download with that screen.
 */
export function defineErrors<const T extends Record<string, EntrySpec>>(
  keyPrefix: string,
  specs: T,
): ErrorDomain<Extract<keyof T, string>> {
  const domain: Record<string, ErrorEntry> = {};
  for (const [name, spec] of Object.entries(specs)) {
    domain[name] = Object.freeze({
      msg: spec.msg,
      status: spec.status,
      code: spec.code ?? 0,
      key: spec.key ?? (spec.code ? `errors:account.${accountErrorName(spec.code)}` : `${keyPrefix}${name}`),
    });
  }
  return Object.freeze(domain) as ErrorDomain<Extract<keyof T, string>>;
}

/** What any failure answer carries: the envelope's msg and, when there is one, its code. */
export interface FailureAnswer {
  readonly msg: string;
  readonly code?: number;
}

/**
 * Whether an answer is this failure: the same msg and code. The status is not compared: a
 * flow's result posted by the sign-in popup carries only the msg (docs/decisions/008).
 */
export function isFailure(answer: unknown, entry: ErrorEntry): boolean {
  if (typeof answer !== 'object' || answer === null) return false;
  const { msg, code } = answer as { msg?: unknown; code?: unknown };
  return msg === entry.msg && (typeof code === 'number' ? code : 0) === entry.code;
}
