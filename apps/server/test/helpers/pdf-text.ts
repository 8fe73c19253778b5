import { createRequire } from 'node:module';
import path from 'node:path';

// pdf.js reads the metrics of the standard PDF fonts (Helvetica…) from its own package.
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * The text of every page of a PDF, read by an independent PDF reader (pdf.js), one line per
 * text item: what a person copying text out of the document would get.
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes ownership of the array it is given; hand it a copy.
  const document = await pdfjs.getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    useSystemFonts: false,
    standardFontDataUrl,
  }).promise;
  const lines: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item && item.str.trim() !== '') lines.push(item.str);
  }
  await document.destroy();
  return lines.join('\n');
}

export interface EmbeddedFont {
  name: string;
  /** pdf.js could not use the font program and fell back to another font. */
  unusable: boolean;
  glyphs: number;
  /** Glyphs with an outline: a corrupt subset parses to empty or no glyphs. */
  inked: number;
}

/**
 * The fonts page 1 draws with, as pdf.js loaded them. A text test alone cannot tell a broken
 * embedded font (text extraction reads the ToUnicode map, not the glyphs); this reads the font
 * program pdf.js rebuilt from the embedded one and counts the glyphs that have outlines.
 */
export async function embeddedFonts(pdf: Uint8Array): Promise<EmbeddedFont[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const fontkit = await import('fontkit');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    useSystemFonts: false,
    standardFontDataUrl,
    fontExtraProperties: true,
  }).promise;
  const page = await document.getPage(1);
  const operators = await page.getOperatorList();
  const ids = new Set<string>();
  operators.fnArray.forEach((fn, i) => {
    if (fn === pdfjs.OPS.setFont) ids.add((operators.argsArray[i] as [string])[0]);
  });
  const fonts: EmbeddedFont[] = [];
  for (const id of ids) {
    const loaded = page.commonObjs.get(id) as {
      name: string;
      missingFile: boolean;
      isInvalidPDFjsFont: boolean;
      data?: Uint8Array;
    };
    let glyphs = 0;
    let inked = 0;
    if (loaded.data) {
      const font = fontkit.create(loaded.data);
      glyphs = font.numGlyphs;
      for (let glyph = 0; glyph < glyphs; glyph++) {
        try {
          if (font.getGlyph(glyph).path.commands.length > 0) inked++;
        } catch {
          // A glyph whose outline cannot be read has no ink.
        }
      }
    }
    fonts.push({ name: loaded.name, unusable: loaded.missingFile || loaded.isInvalidPDFjsFont, glyphs, inked });
  }
  await document.destroy();
  return fonts;
}
