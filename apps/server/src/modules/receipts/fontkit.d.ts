// fontkit ships no type declarations; these are the members the receipts and their tests use.
declare module 'fontkit' {
  export interface Glyph {
    path: { commands: unknown[] };
  }
  export interface Font {
    numGlyphs: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    getGlyph(id: number): Glyph;
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array): Font;
}
