import type { Font } from 'fontkit';

/**
 * Parsed fonts shared by many PDFs (the invoices', the badges'): parsing and measuring are most of
 * the cost of a page, and each document still embeds its own subset of the glyphs it uses.
 */

/** pdfkit takes a parsed fontkit font as well as a file (`PDFFontFactory.open`); its types list only files. */
export const fontSource = (font: Font) => font as unknown as PDFKit.Mixins.PDFFontSource;

/**
 * fontkit keeps one glyph object per glyph id, with the characters it was first asked for. A
 * document's subsetter asks for the parts of composed letters (the E of Ē) with no characters, so
 * in the next document sharing the font a plain E would map to no text: the PDF would show it but
 * its text layer (copy, search, pdftotext) would lose it. A glyph asked for with characters gets
 * them back.
 */
export function keepCodePoints(font: Font): Font {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && codePoints?.length && glyph.codePoints.length === 0) glyph.codePoints = codePoints;
    return glyph;
  };
  return font;
}
