/**
 * Redeemable codes (spec 01 §4 "Code binding", §5 "Bind"): activation, replacement, project and
 * gift codes. A code is 16 characters of an alphabet without look-alikes — no 0/O, 1/I/L, nor U
 * (read as V) — about 78 bits, far past guessing; it is shown in groups of four and read
 * whatever the case, spacing or dashes.
 */
export const REDEEM_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REDEEM_CODE_LENGTH = 16;
/** What the input takes: a code with its dashes and some spaces around them. */
export const REDEEM_CODE_INPUT_MAX_LENGTH = 40;

/** The kinds of code a batch makes (issue 12; spec 01 §2 "Bind screen"). */
export const redeemCodeKinds = ['activation', 'replacement', 'project', 'gift'] as const;
export type RedeemCodeKind = (typeof redeemCodeKinds)[number];

/** The kinds `POST {userId}/license` redeems; gift codes go to `POST {userId}/prize/use`. */
export const licenceCodeKinds: readonly RedeemCodeKind[] = ['activation', 'replacement', 'project'];

/** The code as stored and compared: upper case, without spaces or dashes. */
export function normaliseRedeemCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

/** Whether a normalised code is of the right length and alphabet (else it cannot exist). */
export function isWellFormedRedeemCode(code: string): boolean {
  if (code.length !== REDEEM_CODE_LENGTH) return false;
  for (const character of code) if (!REDEEM_CODE_ALPHABET.includes(character)) return false;
  return true;
}

/** ABCD-EFGH-JKMN-PQRS: how a code is printed and shown. */
export function formatRedeemCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}
