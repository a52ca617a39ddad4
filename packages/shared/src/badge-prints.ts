import { z } from 'zod';
import { idSchema } from './common';

/** Millimetres in a PostScript point: PDF pages are measured in points (1/72 in). */
export const MM_PER_PT = 25.4 / 72;
export const ptFromMm = (mm: number) => mm / MM_PER_PT;

type Size = { width: number; height: number };

/**
 * A sheet badges are printed on. `grid` sheets take `columns` x `rows` badges of any size that
 * fits, centred on the paper with `gapMm` between them (less when the badges leave less room),
 * on the paper turned sideways when only that way holds them (the grid turns with it: 2 x 1
 * instead of 1 x 2). `labels` sheets are die-cut: fixed cells at fixed places, which only a badge
 * of the cell's size fills (a badge of the cell's size turned sideways is printed turned).
 * `single`: one badge per page, the page being the badge.
 */
export type BadgeSheet =
  | { id: 'single'; label: string; kind: 'single' }
  | { id: string; label: string; kind: 'grid'; paper: Size; columns: number; rows: number; gapMm: number }
  | {
      id: string;
      label: string;
      kind: 'labels';
      paper: Size;
      columns: number;
      rows: number;
      cell: Size;
      gapXMm: number;
      gapYMm: number;
    };

const A4 = { width: 210, height: 297 };
const LETTER = { width: 215.9, height: 279.4 };
/** Enough room for a cutter's blade between badges, no more: badges that need the room get less. */
const GRID_GAP_MM = 4;

const grid = (id: string, label: string, paper: Size, columns: number, rows: number): BadgeSheet => ({
  id,
  label,
  kind: 'grid',
  paper,
  columns,
  rows,
  gapMm: GRID_GAP_MM,
});

export const BADGE_SHEET_IDS = [
  'single',
  'a4-2',
  'a4-4',
  'a4-6',
  'a4-8',
  'letter-2',
  'letter-4',
  'letter-6',
  'letter-8',
  'a4-labels-54x90-10',
] as const;
export type BadgeSheetId = (typeof BADGE_SHEET_IDS)[number];

export const BADGE_SHEETS: Readonly<Record<BadgeSheetId, BadgeSheet>> = {
  single: { id: 'single', label: 'One badge per page', kind: 'single' },
  'a4-2': grid('a4-2', '2 per A4 sheet', A4, 1, 2),
  'a4-4': grid('a4-4', '4 per A4 sheet', A4, 2, 2),
  'a4-6': grid('a4-6', '6 per A4 sheet', A4, 2, 3),
  'a4-8': grid('a4-8', '8 per A4 sheet', A4, 2, 4),
  'letter-2': grid('letter-2', '2 per Letter sheet', LETTER, 1, 2),
  'letter-4': grid('letter-4', '4 per Letter sheet', LETTER, 2, 2),
  'letter-6': grid('letter-6', '6 per Letter sheet', LETTER, 2, 3),
  'letter-8': grid('letter-8', '8 per Letter sheet', LETTER, 2, 4),
  // Ten 90 x 54 mm labels in two columns of five, 10 mm apart, centred on A4.
  'a4-labels-54x90-10': {
    id: 'a4-labels-54x90-10',
    label: '54 × 90 mm labels, 10 per A4 sheet',
    kind: 'labels',
    paper: A4,
    columns: 2,
    rows: 5,
    cell: { width: 90, height: 54 },
    gapXMm: 10,
    gapYMm: 0,
  },
};

/** A badge's place on the paper, in mm from the paper's top-left; `turned`: rotated a quarter turn clockwise. */
export type SheetCell = { x: number; y: number; width: number; height: number; turned: boolean };
/** Where each badge of a sheet goes, in the order they fill it (row by row), and the paper. */
export type Imposition = { paper: Size; cells: SheetCell[] };

/** Sizes are compared to a hundredth of a millimetre: 85.6 x 53.98 must fit what 85.6 x 53.98 fills. */
const EPSILON = 0.01;
const fits = (need: number, room: number) => need <= room + EPSILON;
const sameSize = (a: Size, b: Size) => Math.abs(a.width - b.width) <= EPSILON && Math.abs(a.height - b.height) <= EPSILON;

/** Centred positions of `count` items of `size` in `room`, `gap` apart or less when room is short. */
function spread(count: number, size: number, room: number, gap: number): number[] {
  const free = room - count * size;
  const between = count > 1 ? Math.max(0, Math.min(gap, free / (count - 1))) : 0;
  const start = (room - count * size - (count - 1) * between) / 2;
  return Array.from({ length: count }, (_, i) => start + i * (size + between));
}

function cellsOf(columns: number, rows: number, paper: Size, cell: Size, gapX: number, gapY: number, turned: boolean) {
  const xs = spread(columns, cell.width, paper.width, gapX);
  const ys = spread(rows, cell.height, paper.height, gapY);
  return ys.flatMap((y) => xs.map((x) => ({ x, y, width: cell.width, height: cell.height, turned })));
}

/**
 * The places of badges of `badge` size (mm) on a sheet; undefined when that badge does not fit
 * the sheet (the print run is then refused).
 */
export function imposeBadges(sheet: BadgeSheet, badge: Size): Imposition | undefined {
  if (sheet.kind === 'single') return { paper: badge, cells: [{ x: 0, y: 0, ...badge, turned: false }] };
  if (sheet.kind === 'labels') {
    const turned = !sameSize(badge, sheet.cell);
    if (turned && !sameSize({ width: badge.height, height: badge.width }, sheet.cell)) return undefined;
    return { paper: sheet.paper, cells: cellsOf(sheet.columns, sheet.rows, sheet.paper, sheet.cell, sheet.gapXMm, sheet.gapYMm, turned) };
  }
  const upright = sheet.paper;
  const sideways = { width: upright.height, height: upright.width };
  for (const [paper, columns, rows] of [
    [upright, sheet.columns, sheet.rows],
    [sideways, sheet.rows, sheet.columns],
  ] as const) {
    if (fits(columns * badge.width, paper.width) && fits(rows * badge.height, paper.height)) {
      return { paper, cells: cellsOf(columns, rows, paper, badge, sheet.gapMm, sheet.gapMm, false) };
    }
  }
  return undefined;
}

/** Why a badge does not fit a sheet, in words for the 400 answer. */
export function misfitMessage(sheet: BadgeSheet, badge: Size): string {
  const size = `${formatMm(badge.width)} × ${formatMm(badge.height)} mm`;
  if (sheet.kind === 'labels') {
    return `${sheet.label} take badges of ${formatMm(sheet.cell.width)} × ${formatMm(sheet.cell.height)} mm only, not ${size}`;
  }
  return `A ${size} badge does not fit “${sheet.label}”: choose a sheet with fewer badges per page`;
}

/**
 * The badge size a sheet's test page outlines: the label itself, or the largest badge the grid
 * holds with 10 mm of margin (one per page: A6).
 */
export function testBadgeSize(sheet: BadgeSheet): Size {
  if (sheet.kind === 'single') return { width: 105, height: 148 };
  if (sheet.kind === 'labels') return sheet.cell;
  const side = (room: number, count: number) => Math.floor((room - 20 - (count - 1) * sheet.gapMm) / count);
  return { width: side(sheet.paper.width, sheet.columns), height: side(sheet.paper.height, sheet.rows) };
}

const formatMm = (mm: number) => String(Math.round(mm * 100) / 100);

/** A crop mark: a line in mm on the paper, outside every badge. */
export type CropMark = { x1: number; y1: number; x2: number; y2: number };

export const CROP_MARK_LENGTH_MM = 5;
/** Distance between the badges' edge and the start of a mark, so a slightly off cut does not show it. */
export const CROP_MARK_OFFSET_MM = 1;

/**
 * Crop marks of a multi-up sheet: at every cutting line (each badge edge), a short line in the
 * paper's margin on both sides of the grid; never over a badge, so they need no gap between
 * badges. Margins too narrow for a mark get none on that side.
 */
export function cropMarks(imposition: Imposition): CropMark[] {
  const { paper, cells } = imposition;
  if (cells.length < 2) return [];
  const unique = (values: number[]) => [...new Set(values.map((v) => Math.round(v * 1000) / 1000))].sort((a, b) => a - b);
  const xs = unique(cells.flatMap((c) => [c.x, c.x + c.width]));
  const ys = unique(cells.flatMap((c) => [c.y, c.y + c.height]));
  const [left, right, top, bottom] = [xs[0]!, xs.at(-1)!, ys[0]!, ys.at(-1)!];
  const mark = (from: number, room: number, toward: 1 | -1) => {
    const length = Math.min(CROP_MARK_LENGTH_MM, room - CROP_MARK_OFFSET_MM);
    return length >= 1 ? [from + toward * CROP_MARK_OFFSET_MM, from + toward * (CROP_MARK_OFFSET_MM + length)] as const : undefined;
  };
  const marks: CropMark[] = [];
  const above = mark(top, top, -1);
  const below = mark(bottom, paper.height - bottom, 1);
  const before = mark(left, left, -1);
  const after = mark(right, paper.width - right, 1);
  for (const x of xs) {
    for (const span of [above, below]) if (span) marks.push({ x1: x, y1: span[0], x2: x, y2: span[1] });
  }
  for (const y of ys) {
    for (const span of [before, after]) if (span) marks.push({ x1: span[0], y1: y, x2: span[1], y2: y });
  }
  return marks;
}

export const PRINT_OFFSET_LIMIT_MM = 20;
export const PRINT_SCALE_MIN = 0.9;
export const PRINT_SCALE_MAX = 1.1;

/**
 * A printer's correction for one event: the whole sheet moved by the offsets (mm, right and down)
 * and scaled about the paper's centre, so a printer that shifts or shrinks its output prints the
 * badges where the cutting lines expect them.
 */
export const printSettingsSchema = z.object({
  offsetXMm: z.number().min(-PRINT_OFFSET_LIMIT_MM).max(PRINT_OFFSET_LIMIT_MM),
  offsetYMm: z.number().min(-PRINT_OFFSET_LIMIT_MM).max(PRINT_OFFSET_LIMIT_MM),
  scale: z.number().min(PRINT_SCALE_MIN).max(PRINT_SCALE_MAX),
});
export type PrintSettings = z.infer<typeof printSettingsSchema>;
export const DEFAULT_PRINT_SETTINGS: PrintSettings = { offsetXMm: 0, offsetYMm: 0, scale: 1 };

/**
 * The calibration as an affine map of the paper, `x' = a·x + e`, `y' = a·y + f` (mm): what a PDF
 * writer applies once per page before drawing the sheet.
 */
export function calibrationTransform(paper: Size, settings: PrintSettings) {
  const { scale, offsetXMm, offsetYMm } = settings;
  return {
    scale,
    translateX: (paper.width / 2) * (1 - scale) + offsetXMm,
    translateY: (paper.height / 2) * (1 - scale) + offsetYMm,
  };
}

/** A point of the paper where the calibrated printer puts it. */
export function calibratePoint(paper: Size, settings: PrintSettings, point: { x: number; y: number }) {
  const t = calibrationTransform(paper, settings);
  return { x: t.scale * point.x + t.translateX, y: t.scale * point.y + t.translateY };
}

/** The imposition as the calibrated printer places it: every cell moved and scaled. */
export function calibrateImposition(imposition: Imposition, settings: PrintSettings): Imposition {
  return {
    paper: imposition.paper,
    cells: imposition.cells.map((cell) => ({
      ...calibratePoint(imposition.paper, settings, cell),
      width: cell.width * settings.scale,
      height: cell.height * settings.scale,
      turned: cell.turned,
    })),
  };
}

export const PRINT_SORTS = ['company', 'category'] as const;
export type PrintSort = (typeof PRINT_SORTS)[number];
export const PRINT_SORT_LABELS: Readonly<Record<PrintSort, string>> = {
  company: 'Company, then name',
  category: 'Category, then company and name',
};

export const MAX_PRINT_IDS = 10_000;

/** A print run: the badges of a category, or chosen ones, of one event. */
export const printRunBodySchema = z.object({
  eventId: idSchema,
  badgeCategoryId: idSchema.optional(),
  badgeIds: z.array(idSchema).min(1).max(MAX_PRINT_IDS).optional(),
  sheet: z.enum(BADGE_SHEET_IDS),
  unprintedOnly: z.boolean().optional(),
  sort: z.enum(PRINT_SORTS).optional(),
  /** Why badges printed before are printed again: required when the selection holds any. */
  reprintReason: z.string().trim().min(1).max(500).optional(),
});
export type PrintRunBody = z.infer<typeof printRunBodySchema>;

/** The 409 answer to a run that would print badges again without a reason. */
export const alreadyPrintedSchema = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  alreadyPrinted: z.number().int(),
  examples: z.array(z.object({ id: z.number().int(), name: z.string(), lastPrintedAt: z.string() })),
});
export type AlreadyPrinted = z.infer<typeof alreadyPrintedSchema>;

export const testPageQuerySchema = z.object({ sheet: z.enum(BADGE_SHEET_IDS).default('a4-4') });
