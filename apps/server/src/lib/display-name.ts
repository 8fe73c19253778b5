// Letters, marks, digits, punctuation and spaces; no control or format characters (bidi
// overrides, zero-width joiners…) that could hide or reorder text where the name is shown.
const NAME_CHARACTERS = /^[^\p{Cc}\p{Cf}\p{Co}\p{Cs}]+$/u;

/**
 * A name people give a shared thing (a company, a team) as stored: trimmed, inner white space
 * folded to one space, 1 to `maxLength` characters counted as a reader counts them (code
 * points, as the databases' length() does), no control or format characters. Null when invalid.
 */
export function normaliseDisplayName(raw: string, maxLength: number): string | null {
  const name = raw.trim().replace(/\s+/g, ' ');
  const length = [...name].length;
  return length >= 1 && length <= maxLength && NAME_CHARACTERS.test(name) ? name : null;
}
