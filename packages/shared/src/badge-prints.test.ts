import { describe, expect, it } from 'vitest';
import {
  BADGE_SHEETS,
  calibrateImposition,
  calibratePoint,
  cropMarks,
  imposeBadges,
  misfitMessage,
  printSettingsSchema,
  testBadgeSize,
  type Imposition,
} from './badge-prints';

const A6 = { width: 105, height: 148 };
const A7 = { width: 74, height: 105 };
const CR80 = { width: 85.6, height: 53.98 };
const CARD_4X3 = { width: 101.6, height: 76.2 };
const round = (value: number) => Math.round(value * 100) / 100;
const corners = (imposition: Imposition) => imposition.cells.map((c) => [round(c.x), round(c.y)]);

/** Every cell lies on the paper and no two overlap. */
function expectLaidOut(imposition: Imposition) {
  const { paper, cells } = imposition;
  for (const c of cells) {
    expect(c.x).toBeGreaterThanOrEqual(-0.001);
    expect(c.y).toBeGreaterThanOrEqual(-0.001);
    expect(c.x + c.width).toBeLessThanOrEqual(paper.width + 0.011);
    expect(c.y + c.height).toBeLessThanOrEqual(paper.height + 0.011);
  }
  for (const [i, a] of cells.entries()) {
    for (const b of cells.slice(i + 1)) {
      const apart = a.x + a.width <= b.x + 0.001 || b.x + b.width <= a.x + 0.001 || a.y + a.height <= b.y + 0.001 || b.y + b.height <= a.y + 0.001;
      expect(apart).toBe(true);
    }
  }
}

describe('imposition on A4 and Letter', () => {
  it('puts 2, 4, 6 and 8 cards on A4, centred, 4 mm apart, row by row', () => {
    const eight = imposeBadges(BADGE_SHEETS['a4-8'], CR80)!;
    expect(eight.paper).toEqual({ width: 210, height: 297 });
    // 2 x 85.6 + 4 = 175.2 wide: 17.4 mm each side; 4 x 53.98 + 3 x 4 = 227.92 high: 34.54 mm above and below.
    expect(corners(eight)).toEqual([
      [17.4, 34.54], [107, 34.54],
      [17.4, 92.52], [107, 92.52],
      [17.4, 150.5], [107, 150.5],
      [17.4, 208.48], [107, 208.48],
    ]);
    for (const [sheet, count] of [['a4-2', 2], ['a4-4', 4], ['a4-6', 6], ['a4-8', 8]] as const) {
      const imposition = imposeBadges(BADGE_SHEETS[sheet], CR80)!;
      expect(imposition.cells).toHaveLength(count);
      expectLaidOut(imposition);
    }
  });

  it('fills A4 with four A6 badges edge to edge, the gap giving way', () => {
    const four = imposeBadges(BADGE_SHEETS['a4-4'], A6)!;
    // 1 mm of height to spare: it goes between the rows, the paper's edges being the outer cuts.
    expect(corners(four)).toEqual([[0, 0], [105, 0], [0, 149], [105, 149]]);
    expectLaidOut(four);
  });

  it('turns the paper when only that holds the grid: two A6 on Letter side by side, eight A7 on A4', () => {
    const letter = imposeBadges(BADGE_SHEETS['letter-2'], A6)!;
    expect(letter.paper).toEqual({ width: 279.4, height: 215.9 });
    expect(corners(letter)).toEqual([[32.7, 33.95], [141.7, 33.95]]);
    const a7 = imposeBadges(BADGE_SHEETS['a4-8'], A7)!;
    expect(a7.paper).toEqual({ width: 297, height: 210 });
    expect(a7.cells).toHaveLength(8);
    expectLaidOut(a7);
  });

  it('lays out 2, 4, 6 and 8 per Letter sheet', () => {
    for (const [sheet, count] of [['letter-2', 2], ['letter-4', 4], ['letter-6', 6], ['letter-8', 8]] as const) {
      const imposition = imposeBadges(BADGE_SHEETS[sheet], CR80)!;
      expect(imposition.paper).toEqual({ width: 215.9, height: 279.4 });
      expect(imposition.cells).toHaveLength(count);
      expectLaidOut(imposition);
    }
    expect(imposeBadges(BADGE_SHEETS['letter-6'], CARD_4X3)!.cells).toHaveLength(6);
  });

  it('refuses a badge the sheet cannot hold, saying so', () => {
    expect(imposeBadges(BADGE_SHEETS['a4-6'], A6)).toBeUndefined();
    expect(imposeBadges(BADGE_SHEETS['letter-4'], A6)).toBeUndefined();
    expect(imposeBadges(BADGE_SHEETS['a4-8'], CARD_4X3)).toBeUndefined();
    expect(imposeBadges(BADGE_SHEETS['a4-4'], { width: 82, height: 203 })).toBeUndefined();
    expect(misfitMessage(BADGE_SHEETS['a4-6'], A6)).toBe('A 105 × 148 mm badge does not fit “6 per A4 sheet”: choose a sheet with fewer badges per page');
  });

  it('prints one badge per page on a page of its own size', () => {
    expect(imposeBadges(BADGE_SHEETS.single, { width: 82, height: 203 })).toEqual({
      paper: { width: 82, height: 203 },
      cells: [{ x: 0, y: 0, width: 82, height: 203, turned: false }],
    });
  });
});

describe('label sheets', () => {
  it('places ten 54 x 90 labels in two columns of five, turning an upright badge', () => {
    const upright = imposeBadges(BADGE_SHEETS['a4-labels-54x90-10'], { width: 54, height: 90 })!;
    const lying = imposeBadges(BADGE_SHEETS['a4-labels-54x90-10'], { width: 90, height: 54 })!;
    expect(upright.cells).toHaveLength(10);
    expect(upright.cells.every((cell) => cell.turned)).toBe(true);
    expect(lying.cells.every((cell) => !cell.turned)).toBe(true);
    expect(corners(upright)).toEqual(corners(lying));
    // 2 x 90 + 10 = 190 wide: 10 mm margins; 5 x 54 = 270 high: 13.5 mm margins.
    expect(corners(lying).slice(0, 4)).toEqual([[10, 13.5], [110, 13.5], [10, 67.5], [110, 67.5]]);
    expect(lying.cells[0]).toMatchObject({ width: 90, height: 54 });
    expectLaidOut(lying);
  });

  it('takes only badges of the label size', () => {
    expect(imposeBadges(BADGE_SHEETS['a4-labels-54x90-10'], CR80)).toBeUndefined();
    expect(misfitMessage(BADGE_SHEETS['a4-labels-54x90-10'], CR80)).toContain('90 × 54 mm only, not 85.6 × 53.98 mm');
  });
});

describe('crop marks', () => {
  it('marks every cutting line in the margins, outside every badge', () => {
    const imposition = imposeBadges(BADGE_SHEETS['a4-8'], CR80)!;
    const marks = cropMarks(imposition);
    // 4 vertical cutting lines x (above, below) + 8 horizontal ones x (left, right).
    expect(marks).toHaveLength(4 * 2 + 8 * 2);
    expect(marks).toContainEqual({ x1: 17.4, y1: 33.54, x2: 17.4, y2: 28.54 });
    for (const mark of marks) {
      for (const cell of imposition.cells) {
        const inside = (x: number, y: number) => x > cell.x && x < cell.x + cell.width && y > cell.y && y < cell.y + cell.height;
        expect(inside(mark.x1, mark.y1) || inside(mark.x2, mark.y2)).toBe(false);
      }
    }
  });

  it('draws none where the margin has no room, and none for one badge per page', () => {
    const edgeToEdge = cropMarks(imposeBadges(BADGE_SHEETS['a4-4'], A6)!);
    // Four A6 fill A4 to its edges: no margin holds a mark.
    expect(edgeToEdge).toEqual([]);
    expect(cropMarks(imposeBadges(BADGE_SHEETS.single, A6)!)).toEqual([]);
  });
});

describe('calibration', () => {
  it('moves every cell by the offsets', () => {
    const imposition = imposeBadges(BADGE_SHEETS['a4-4'], CR80)!;
    const moved = calibrateImposition(imposition, { offsetXMm: 3, offsetYMm: -2.5, scale: 1 });
    expect(moved.cells).toHaveLength(4);
    moved.cells.forEach((cell, i) => {
      expect(cell.x).toBeCloseTo(imposition.cells[i]!.x + 3, 6);
      expect(cell.y).toBeCloseTo(imposition.cells[i]!.y - 2.5, 6);
      expect(cell.width).toBe(85.6);
    });
  });

  it('scales the sheet about the paper centre, then moves it', () => {
    const paper = { width: 210, height: 297 };
    expect(calibratePoint(paper, { offsetXMm: 0, offsetYMm: 0, scale: 0.9 }, { x: 105, y: 148.5 })).toEqual({ x: 105, y: 148.5 });
    const corner = calibratePoint(paper, { offsetXMm: 1, offsetYMm: 2, scale: 1.1 }, { x: 0, y: 0 });
    expect(corner.x).toBeCloseTo(-10.5 + 1, 6);
    expect(corner.y).toBeCloseTo(-14.85 + 2, 6);
    const cell = calibrateImposition(imposeBadges(BADGE_SHEETS.single, A6)!, { offsetXMm: 0, offsetYMm: 0, scale: 1.1 }).cells[0]!;
    expect(round(cell.width)).toBe(115.5);
  });

  it('accepts offsets within ±20 mm and a scale from 0.9 to 1.1 only', () => {
    expect(printSettingsSchema.safeParse({ offsetXMm: -20, offsetYMm: 20, scale: 0.9 }).success).toBe(true);
    expect(printSettingsSchema.safeParse({ offsetXMm: 20.5, offsetYMm: 0, scale: 1 }).success).toBe(false);
    expect(printSettingsSchema.safeParse({ offsetXMm: 0, offsetYMm: -21, scale: 1 }).success).toBe(false);
    expect(printSettingsSchema.safeParse({ offsetXMm: 0, offsetYMm: 0, scale: 1.2 }).success).toBe(false);
  });
});

describe('test pages', () => {
  it('outlines cells that the sheet holds', () => {
    for (const sheet of Object.values(BADGE_SHEETS)) {
      const imposition = imposeBadges(sheet, testBadgeSize(sheet));
      expect(imposition, sheet.id).toBeDefined();
      expectLaidOut(imposition!);
    }
  });
});
