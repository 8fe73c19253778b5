import fs from 'node:fs';

/**
 * Folds text for screening: compatibility forms (full-width letters, ligatures) to their plain
 * form, lower case, and every space, punctuation mark, symbol and invisible format character
 * removed, so that "F.u c-k", "ｆｕｃｋ" and "fu\u200bck" all read "fuck" (spec 01 §5: content is
 * screened for sensitive words; a product or brand name must not appear).
 */
export function foldForScreening(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{Z}\p{P}\p{S}\p{C}\s]/gu, '');
}

/** A list of terms matched as substrings of folded text. */
export class TermList {
  private readonly terms: string[];

  constructor(terms: readonly string[]) {
    this.terms = [...new Set(terms.map(foldForScreening).filter((term) => term.length > 0))];
  }

  /** Whether the text contains any term. */
  matches(text: string): boolean {
    const folded = foldForScreening(text);
    return this.terms.some((term) => folded.includes(term));
  }

  get size(): number {
    return this.terms.length;
  }
}

/** Reads a term file: one term a line, `#` starts a comment line, blank lines ignored. */
export function parseTermFile(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'));
}

let sensitiveWords: TermList | null = null;

/** The sensitive-word list shipped with the server (data/sensitive-words.txt), read once. */
export function sensitiveWordList(): TermList {
  sensitiveWords ??= new TermList(
    parseTermFile(fs.readFileSync(new URL('./data/sensitive-words.txt', import.meta.url), 'utf8')),
  );
  return sensitiveWords;
}

/**
 * Control characters are removed from free text such as the introduction (they hide text,
 * break terminals and logs); tabs and line breaks stay, with CR LF made LF. HTML is kept as
 * text: the API never renders it and the web shows it as text.
 */
export function stripControlCharacters(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- matching control characters is this function's purpose
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, '')
  );
}

/** Whether a one-line value such as a nickname holds control or bidirectional-override characters. */
export function hasControlCharacters(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- matching control characters is this function's purpose
  return /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/.test(text);
}
