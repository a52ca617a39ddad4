import { describe, expect, it } from 'vitest';
import { badgeLayoutInputSchema, badgePageMm, replaceBadgeLayoutAssignmentsBodySchema } from './badge-layouts';

const name = { id: 'name', kind: 'name', x: 5, y: 40, width: 95, height: 30, fontSize: 36, minFontSize: 14 } as const;

function issues(input: unknown) {
  const result = badgeLayoutInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('badge layout schema', () => {
  it('swaps width and height in landscape', () => {
    expect(badgePageMm('a6', 'portrait')).toEqual({ widthMm: 105, heightMm: 148 });
    expect(badgePageMm('cr80', 'landscape')).toEqual({ widthMm: 53.98, heightMm: 85.6 });
  });

  it('accepts a layout and fills the defaults of its elements', () => {
    const layout = badgeLayoutInputSchema.parse({ name: 'Main', pageSize: 'a6', elements: [name, { id: 'band', kind: 'typeBand', x: 0, y: 128, width: 105, height: 20 }] });
    expect(layout.orientation).toBe('portrait');
    expect(layout.backgroundColor).toBeNull();
    expect(layout.elements[0]).toMatchObject({ lines: 1, align: 'left', color: '#000000', bold: false });
    expect(layout.elements[1]).toMatchObject({ colors: {}, showLabel: true, textColor: '#ffffff' });
  });

  it('refuses an element outside the page, in the orientation chosen', () => {
    expect(issues({ name: 'Card', pageSize: 'cr80', elements: [{ ...name, x: 0, y: 0, width: 80, height: 50 }] })).toEqual([]);
    expect(issues({ name: 'Card', pageSize: 'cr80', orientation: 'landscape', elements: [{ ...name, x: 0, y: 0, width: 80, height: 50 }] })).toEqual([
      "elements.0.width: Reaches past the badge's right edge (53.98 mm)",
    ]);
    expect(issues({ name: 'A6', pageSize: 'a6', elements: [{ ...name, y: 140 }] })).toEqual([
      "elements.0.height: Reaches past the badge's bottom edge (148 mm)",
    ]);
  });

  it('refuses bad colours, sizes, duplicate ids and too many elements', () => {
    expect(issues({ name: 'A6', pageSize: 'a6', backgroundColor: 'red', elements: [] })).toEqual(['backgroundColor: A colour as #rrggbb, such as #1d4ed8']);
    expect(issues({ name: 'A6', pageSize: 'a6', elements: [{ ...name, minFontSize: 40 }] })).toEqual(['elements.0.minFontSize: At most the font size']);
    expect(issues({ name: 'A6', pageSize: 'a6', elements: [{ ...name, fontSize: 3 }] })).toEqual(['elements.0.fontSize: Points from 4 to 200']);
    expect(issues({ name: 'A6', pageSize: 'a6', elements: [name, name] })).toEqual(['elements.1.id: Another element has this id']);
    const many = Array.from({ length: 41 }, (_, index) => ({ ...name, id: `e${index}` }));
    expect(issues({ name: 'A6', pageSize: 'a6', elements: many })).toEqual(['elements: At most 40 elements']);
    expect(badgeLayoutInputSchema.parse({ name: 'A6', pageSize: 'a6', backgroundColor: '#AABBCC' }).backgroundColor).toBe('#aabbcc');
  });

  it('refuses the same badge type and category assigned twice', () => {
    const result = replaceBadgeLayoutAssignmentsBodySchema.safeParse({
      assignments: [
        { badgeType: 'visitor', layoutId: 1 },
        { badgeType: 'visitor', badgeCategoryId: 3, layoutId: 1 },
        { badgeType: 'visitor', badgeCategoryId: null, layoutId: 2 },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['assignments.2.badgeCategoryId']);
  });
});
