import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type { Font } from 'fontkit';
import { keepCodePoints } from '../../../lib/shared-pdf-fonts';

/**
 * The badge fonts. DejaVu Sans sets Latin with every diacritic, Greek and Cyrillic; Noto Sans SC
 * the Chinese characters and Japanese kana DejaVu lacks; Noto Sans KR the Korean Hangul. A line is
 * split into runs by the first font of that order that has each character, so one name can mix them.
 */

const require = createRequire(import.meta.url);

export const BADGE_FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  cjkRegular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  cjkBold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  koreanRegular: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  koreanBold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
} as const;
export type BadgeFontName = keyof typeof BADGE_FONT_FILES;

/** The fonts tried for each character, in order, by weight. */
const FALLBACK_ORDER: Readonly<Record<'regular' | 'bold', readonly BadgeFontName[]>> = {
  regular: ['regular', 'cjkRegular', 'koreanRegular'],
  bold: ['bold', 'cjkBold', 'koreanBold'],
};

/** The family each font is drawn with in the SVG preview (the web app loads these faces). */
export const SVG_FONT_FAMILIES: Readonly<Record<BadgeFontName, { family: string; weight: 'normal' | 'bold' }>> = {
  regular: { family: "'DejaVu Sans', sans-serif", weight: 'normal' },
  bold: { family: "'DejaVu Sans', sans-serif", weight: 'bold' },
  cjkRegular: { family: "'Noto Sans SC', 'Noto Sans CJK SC', sans-serif", weight: 'normal' },
  cjkBold: { family: "'Noto Sans SC', 'Noto Sans CJK SC', sans-serif", weight: 'bold' },
  koreanRegular: { family: "'Noto Sans KR', 'Noto Sans CJK KR', sans-serif", weight: 'normal' },
  koreanBold: { family: "'Noto Sans KR', 'Noto Sans CJK KR', sans-serif", weight: 'bold' },
};

const FONT_NAMES = Object.keys(BADGE_FONT_FILES) as BadgeFontName[];

let files: Record<BadgeFontName, Buffer> | undefined;
/** The font files' bytes, read once per process. */
function badgeFontFiles(): Record<BadgeFontName, Buffer> {
  files ??= Object.fromEntries(FONT_NAMES.map((name) => [name, readFileSync(require.resolve(BADGE_FONT_FILES[name]))])) as Record<BadgeFontName, Buffer>;
  return files;
}

/**
 * The fonts, parsed once per process: the engine measures with them and every PDF embeds its
 * subsets from them (see `registerBadgeFonts`). fontkit reads glyphs lazily, so even the large CJK
 * files cost little until a character of them is used.
 */
let fonts: Record<BadgeFontName, Font> | undefined;
export function badgeFonts(): Record<BadgeFontName, Font> {
  const all = badgeFontFiles();
  fonts ??= Object.fromEntries(FONT_NAMES.map((name) => [name, keepCodePoints(fontkit.create(all[name]) as Font)])) as Record<BadgeFontName, Font>;
  return fonts;
}

export type TextRun = { text: string; font: BadgeFontName };

/**
 * Splits text into runs of one font each: the first font of the fallback order that has the
 * character (spaces and marks stay with the run they are in). `missing` collects characters no font
 * has; they are drawn with DejaVu's missing-glyph box.
 */
export function fontRuns(text: string, bold: boolean, missing?: Set<string>): TextRun[] {
  const all = badgeFonts();
  const order = FALLBACK_ORDER[bold ? 'bold' : 'regular'];
  const runs: TextRun[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const previous = runs.at(-1);
    let font = previous && /[\s\p{M}]/u.test(char) ? previous.font : order.find((name) => all[name].hasGlyphForCodePoint(codePoint));
    if (!font) {
      if (!/\s/u.test(char)) missing?.add(char);
      font = order[0]!;
    }
    if (previous?.font === font) previous.text += char;
    else runs.push({ text: char, font });
  }
  return runs;
}

const unitWidths = new Map<string, number>();

/** The advance width of a run at 1 pt, as pdfkit measures it (fontkit's layout with its default features). */
export function runWidth(run: TextRun, size: number): number {
  const key = `${run.font}\u0000${run.text}`;
  let width = unitWidths.get(key);
  if (width === undefined) {
    const font = badgeFonts()[run.font];
    width = font.layout(run.text).advanceWidth / font.unitsPerEm;
    if (unitWidths.size > 20_000) unitWidths.clear();
    unitWidths.set(key, width);
  }
  return width * size;
}

/**
 * The ascent, descent and line height at 1 pt: DejaVu's. The CJK font's ideographs sit within
 * the same em box, so lines of either script share one spacing.
 */
export function lineMetrics(): { ascent: number; descent: number; lineHeight: number } {
  const { regular } = badgeFonts();
  const ascent = regular.ascent / regular.unitsPerEm;
  const descent = -regular.descent / regular.unitsPerEm;
  return { ascent, descent, lineHeight: ascent + descent };
}
