import { BADGE_FONT_SIZE_MIN } from '@portal/shared/badge-layouts';
import { fontRuns, lineMetrics, runWidth, type TextRun } from './fonts';

export type FittedLine = { runs: (TextRun & { width: number })[]; width: number };
export type FittedText = { size: number; lines: FittedLine[]; fits: boolean };

const STEP = 0.25;

/** The width of text at 1 pt. */
function unitWidth(text: string, bold: boolean): number {
  return fontRuns(text, bold).reduce((sum, run) => sum + runWidth(run, 1), 0);
}

/** Breaks a word wider than the line into pieces that fit, by characters (a mark stays with its letter). */
function breakWord(word: string, maxUnitWidth: number, bold: boolean): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const char of word.match(/\P{M}\p{M}*/gu) ?? []) {
    if (current !== '' && unitWidth(current + char, bold) > maxUnitWidth) {
      pieces.push(current);
      current = char;
    } else current += char;
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

/** Greedy wrapping of each paragraph at words, and of a word too long for a line at its characters. */
function wrap(paragraphs: readonly string[], maxUnitWidth: number, bold: boolean): string[] {
  const lines: string[] = [];
  for (const paragraph of paragraphs) {
    let current = '';
    for (const word of paragraph.split(/\s+/u).filter(Boolean)) {
      const candidate = current === '' ? word : `${current} ${word}`;
      if (unitWidth(candidate, bold) <= maxUnitWidth) {
        current = candidate;
        continue;
      }
      if (current !== '') lines.push(current);
      const pieces = unitWidth(word, bold) <= maxUnitWidth ? [word] : breakWord(word, maxUnitWidth, bold);
      lines.push(...pieces.slice(0, -1));
      current = pieces.at(-1)!;
    }
    lines.push(current);
  }
  return lines;
}

function fitted(lines: readonly string[], size: number, bold: boolean, fits: boolean): FittedText {
  return {
    size,
    fits,
    lines: lines.map((text) => {
      const runs = fontRuns(text, bold).map((run) => ({ ...run, width: runWidth(run, size) }));
      return { runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
    }),
  };
}

/**
 * The fit rule (docs/printing.md): the largest size from `maxSize` down to `minSize` at which each
 * paragraph fits on one line; else wrapped at `minSize`; else wrapped at smaller sizes down to
 * 4 pt; else wrapped at 4 pt with `fits: false`, for the caller to report.
 */
export function fitText(
  paragraphs: readonly string[],
  box: { width: number; height: number },
  style: { maxSize: number; minSize: number; bold: boolean },
): FittedText {
  const { lineHeight } = lineMetrics();
  const { bold } = style;
  const widest = Math.max(...paragraphs.map((paragraph) => unitWidth(paragraph, bold)));
  const oneLine = Math.min(style.maxSize, box.width / widest, box.height / (paragraphs.length * lineHeight));
  if (oneLine >= style.minSize) {
    // Rounded down to a hundredth so that the measured line never exceeds the box by a rounding error.
    return fitted(paragraphs, Math.floor(oneLine * 100) / 100, bold, true);
  }
  for (let size = style.minSize; size >= BADGE_FONT_SIZE_MIN; size -= STEP) {
    const lines = wrap(paragraphs, box.width / size, bold);
    const narrowEnough = lines.every((line) => unitWidth(line, bold) * size <= box.width);
    if (narrowEnough && lines.length * lineHeight * size <= box.height) return fitted(lines, size, bold, true);
  }
  return fitted(wrap(paragraphs, box.width / BADGE_FONT_SIZE_MIN, bold), BADGE_FONT_SIZE_MIN, bold, false);
}
