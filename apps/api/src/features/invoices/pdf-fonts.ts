import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type { Font, GlyphRun } from 'fontkit';
import { keepCodePoints } from '../../lib/shared-pdf-fonts';

/**
 * The server PDF's fonts: DejaVu Sans regular and bold, parsed once per process (or worker) and
 * shared by every document. Parsing, shaping words and reading glyph outlines were most of the
 * cost of a page, and none of it depends on the document: each document still embeds its own
 * subset, of the glyphs it uses, and the bytes it writes are the same as without the sharing.
 */

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
};
export type FontName = keyof typeof FONT_FILES;


/** Words shaped and kept per font; past this many the store starts again, so memory stays bounded. */
const MAX_KEPT_RUNS = 5_000;

let fonts: Record<FontName, Font> | undefined;
export function parsedFonts(): Record<FontName, Font> {
  const open = (file: string) =>
    keepRuns(keepGlyphOutlines(keepCodePoints(fontkit.create(readFileSync(require.resolve(file))) as Font)));
  fonts ??= { regular: open(FONT_FILES.regular), bold: open(FONT_FILES.bold) };
  return fonts;
}

/** fontkit's glyph as its subsetter reads it: `_decode` parses the glyph's outline from the font's bytes. */
type DecodingGlyph = { _decode(): unknown };

/**
 * Each document's font subset reads the outline of every glyph it embeds, and fontkit parses it
 * from the font's bytes anew each time (its glyph objects are kept, their outlines are not). A
 * shared font's outlines never change, so each is parsed once.
 */
function keepGlyphOutlines(font: Font): Font {
  const getGlyph = font.getGlyph.bind(font);
  const kept = new WeakSet<object>();
  font.getGlyph = (id, codePoints) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && !kept.has(glyph)) {
      kept.add(glyph);
      const decoding = glyph as unknown as DecodingGlyph;
      const decode = decoding._decode.bind(glyph);
      let outline: unknown;
      let parsed = false;
      decoding._decode = () => {
        if (!parsed) {
          outline = decode();
          parsed = true;
        }
        return outline;
      };
    }
    return glyph;
  };
  return font;
}

/**
 * pdfkit shapes each word once per document (its layout cache lives with the document's font);
 * the same words ("Invoice", "VAT", the issuer's name) recur in every document, so their shaping
 * is kept across documents. pdfkit scales the positions of the run it gets in place, so each
 * caller gets its own copy of them.
 */
function keepRuns(font: Font): Font {
  const layout = font.layout.bind(font);
  const runs = new Map<string, GlyphRun>();
  font.layout = (text: string, ...options: unknown[]) => {
    if (options.some((option) => option !== undefined)) return (layout as (...args: unknown[]) => GlyphRun)(text, ...options);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= MAX_KEPT_RUNS) runs.clear();
      run = layout(text);
      runs.set(text, run);
    }
    return copyOfRun(run);
  };
  return font;
}

const copyOf = <T extends object>(value: T): T => Object.assign(Object.create(Object.getPrototypeOf(value) as object) as T, value);

function copyOfRun(run: GlyphRun): GlyphRun {
  return Object.assign(copyOf(run), { glyphs: [...run.glyphs], positions: run.positions.map(copyOf) });
}
