import { badgePageMm, BADGE_TYPE_BAND_LABELS, DEFAULT_BADGE_TYPE_COLORS, isTextElement, type BadgeElement, type BadgeLayoutDesign, type BadgeTextElement } from '@portal/shared/badge-layouts';
import type { BadgeType } from '@portal/shared/badge-categories';
import { encode } from 'uqr';
import { fontRuns, lineMetrics, type BadgeFontName } from './fonts';
import { fitText } from './text-fit';

/** What a badge shows; built by the repository from a badge row (and for previews, a sample). */
export type BadgeFace = {
  code: string;
  firstName: string;
  lastName: string;
  company: string | null;
  category: string;
  badgeType: BadgeType;
  /** customFieldId -> the answer as text */
  fields: Record<number, string>;
};

/** The layout's images: PNG or JPEG bytes. */
export type LayoutAssets = { logo?: Buffer; background?: Buffer };

/** A piece of a line in one font, at its own x. */
export type PlacedRun = { text: string; font: BadgeFontName; x: number; width: number };

/**
 * What a badge is drawn with, in points from its top-left corner. Both backends (PDF and SVG) draw
 * exactly these, so the preview and the print cannot differ in layout.
 */
export type DrawOp =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; color: string }
  | { kind: 'image'; image: keyof LayoutAssets; x: number; y: number; width: number; height: number; fit: 'contain' | 'cover' }
  | { kind: 'text'; baseline: number; size: number; color: string; runs: PlacedRun[] }
  /** Dark modules as rectangles of whole modules, one per run of a row. */
  | { kind: 'qr'; x: number; y: number; size: number; cells: { x: number; y: number; width: number; height: number }[] };

export type BadgeDrawing = { width: number; height: number; ops: DrawOp[]; warnings: string[] };

export const PT_PER_MM = 72 / 25.4;

export function badgeSizePt(layout: Pick<BadgeLayoutDesign, 'pageSize' | 'orientation'>): { width: number; height: number } {
  const { widthMm, heightMm } = badgePageMm(layout.pageSize, layout.orientation);
  return { width: widthMm * PT_PER_MM, height: heightMm * PT_PER_MM };
}

/** Modules of light margin around the QR code, inside its square. */
const QR_QUIET_ZONE = 2;
/** The type band's label at most this share of the band's height. */
const BAND_LABEL_SHARE = 0.6;

function textOf(element: BadgeTextElement, face: BadgeFace): string[] {
  switch (element.kind) {
    case 'name':
      return element.lines === 2 ? [face.firstName, face.lastName] : [`${face.firstName} ${face.lastName}`];
    case 'firstName':
      return [face.firstName];
    case 'lastName':
      return [face.lastName];
    case 'company':
      return [face.company ?? ''];
    case 'category':
      return [face.category];
    case 'field':
      return [face.fields[element.customFieldId] ?? ''];
    case 'text':
      return [element.text];
  }
}

function describe(element: BadgeElement): string {
  return `${element.kind} element "${element.id}"`;
}

type Box = { x: number; y: number; width: number; height: number };

/** Fitted text, centred vertically in its box (from the box's top when even 4 pt overflows it). */
function textOps(
  paragraphs: string[],
  box: Box,
  style: { maxSize: number; minSize: number; bold: boolean; align: 'left' | 'center' | 'right'; color: string },
  label: string,
  warnings: string[],
): DrawOp[] {
  const cleaned = paragraphs.map((text) => text.replace(/\s+/gu, ' ').trim()).filter((text) => text !== '');
  if (cleaned.length === 0) return [];
  const fit = fitText(cleaned, box, style);
  if (!fit.fits) warnings.push(`${label}: "${cleaned.join(' ')}" does not fit its box even at 4 pt and runs past it`);
  const { ascent, lineHeight } = lineMetrics();
  const height = fit.lines.length * lineHeight * fit.size;
  const top = fit.fits ? box.y + (box.height - height) / 2 : box.y;
  return fit.lines.map((line, index) => {
    let x = style.align === 'left' ? box.x : style.align === 'center' ? box.x + (box.width - line.width) / 2 : box.x + box.width - line.width;
    const runs = line.runs.map((run) => {
      const placed = { text: run.text, font: run.font, x, width: run.width };
      x += run.width;
      return placed;
    });
    return { kind: 'text' as const, baseline: top + (index * lineHeight + ascent) * fit.size, size: fit.size, color: style.color, runs };
  });
}

function qrOp(code: string, box: Box): DrawOp[] {
  const side = Math.min(box.width, box.height);
  const x = box.x + (box.width - side) / 2;
  const y = box.y + (box.height - side) / 2;
  const { data, size } = encode(code, { ecc: 'M', border: QR_QUIET_ZONE });
  const module = side / size;
  const cells: { x: number; y: number; width: number; height: number }[] = [];
  data.forEach((row, rowIndex) => {
    for (let column = 0; column < size; column++) {
      if (!row[column]) continue;
      let end = column;
      while (end + 1 < size && row[end + 1]) end++;
      cells.push({ x: x + column * module, y: y + rowIndex * module, width: (end - column + 1) * module, height: module });
      column = end;
    }
  });
  return [
    { kind: 'rect', x, y, width: side, height: side, color: '#ffffff' },
    { kind: 'qr', x, y, size: side, cells },
  ];
}

/** Turns a layout and a badge into draw operations (points, from the badge's top-left). */
export function layoutBadge(layout: BadgeLayoutDesign, face: BadgeFace, assets: LayoutAssets): BadgeDrawing {
  const { width, height } = badgeSizePt(layout);
  const ops: DrawOp[] = [];
  const warnings: string[] = [];
  const missing = new Set<string>();
  if (layout.backgroundColor) ops.push({ kind: 'rect', x: 0, y: 0, width, height, color: layout.backgroundColor });
  if (assets.background) ops.push({ kind: 'image', image: 'background', x: 0, y: 0, width, height, fit: 'cover' });
  for (const element of layout.elements) {
    const box = { x: element.x * PT_PER_MM, y: element.y * PT_PER_MM, width: element.width * PT_PER_MM, height: element.height * PT_PER_MM };
    if (isTextElement(element)) {
      const paragraphs = textOf(element, face).map((text) => (element.uppercase ? text.toUpperCase() : text));
      for (const text of paragraphs) fontRuns(text, element.bold, missing);
      const style = { maxSize: element.fontSize, minSize: element.minFontSize, bold: element.bold, align: element.align, color: element.color };
      ops.push(...textOps(paragraphs, box, style, describe(element), warnings));
    } else if (element.kind === 'typeBand') {
      ops.push({ kind: 'rect', ...box, color: element.colors[face.badgeType] ?? DEFAULT_BADGE_TYPE_COLORS[face.badgeType] });
      if (element.showLabel) {
        const inner = { ...box, x: box.x + box.height * 0.15, width: box.width - box.height * 0.3 };
        const maxSize = Math.max(4, (box.height * BAND_LABEL_SHARE) / lineMetrics().lineHeight);
        const style = { maxSize, minSize: Math.min(maxSize, 6), bold: true, align: 'center' as const, color: element.textColor };
        ops.push(...textOps([BADGE_TYPE_BAND_LABELS[face.badgeType].toUpperCase()], inner, style, describe(element), warnings));
      }
    } else if (element.kind === 'qr') {
      ops.push(...qrOp(face.code, box));
    } else if (assets.logo) {
      ops.push({ kind: 'image', image: 'logo', ...box, fit: 'contain' });
    } else {
      warnings.push(`${describe(element)}: the layout has no logo yet`);
    }
  }
  if (missing.size > 0) warnings.push(`No font has these characters, printed as boxes: ${[...missing].join(' ')}`);
  return { width, height, ops, warnings };
}
