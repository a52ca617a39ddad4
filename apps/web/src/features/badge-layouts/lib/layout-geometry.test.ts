import {
  BADGE_ORIENTATIONS,
  BADGE_PAGE_SIZE_IDS,
  badgeLayoutInputSchema,
  badgePageMm,
  type BadgeElement,
} from '@portal/shared/badge-layouts';
import { describe, expect, it } from 'vitest';
import { moveBox, resizeBox, scaleElements } from './layout-geometry';
import { ADDABLE_ELEMENTS, newElement } from './new-element';

const PAGES = BADGE_PAGE_SIZE_IDS.flatMap((pageSize) => BADGE_ORIENTATIONS.map((orientation) => ({ pageSize, orientation })));

function everyElement(page: { widthMm: number; heightMm: number }): BadgeElement[] {
  const elements: BadgeElement[] = [];
  for (const { choice } of ADDABLE_ELEMENTS) elements.push(newElement(choice, elements, page, 5));
  return elements;
}

describe('layout geometry', () => {
  it('snaps a move to half millimetres and stops at the page edges', () => {
    const page = { widthMm: 85.6, heightMm: 53.98 };
    const box = { x: 10, y: 10, width: 20, height: 10 };
    expect(moveBox(box, 0.3, 0.2, page)).toEqual({ x: 10.5, y: 10, width: 20, height: 10 });
    expect(moveBox(box, -50, 500, page)).toEqual({ x: 0, y: 43.98, width: 20, height: 10 });
  });

  it('keeps a resized box at least 2 mm and inside the page', () => {
    const page = { widthMm: 105, heightMm: 148 };
    const box = { x: 90, y: 140, width: 10, height: 5 };
    expect(resizeBox(box, 100, 100, page)).toMatchObject({ width: 15, height: 8 });
    expect(resizeBox(box, -100, -100, page)).toMatchObject({ width: 2, height: 2 });
  });

  it('places every new element inside every page size, as the shared schema requires', () => {
    for (const { pageSize, orientation } of PAGES) {
      const elements = everyElement(badgePageMm(pageSize, orientation));
      const parsed = badgeLayoutInputSchema.safeParse({ name: 'All', pageSize, orientation, elements });
      expect(parsed.error?.issues ?? [], `${pageSize} ${orientation}`).toEqual([]);
      expect(new Set(elements.map((element) => element.id)).size).toBe(elements.length);
    }
  });

  it('scales a design to another page size without leaving it', () => {
    const from = badgePageMm('folded-82x203mm', 'portrait');
    const elements = everyElement(from);
    for (const { pageSize, orientation } of PAGES) {
      const scaled = scaleElements(elements, from, badgePageMm(pageSize, orientation));
      const parsed = badgeLayoutInputSchema.safeParse({ name: 'Scaled', pageSize, orientation, elements: scaled });
      expect(parsed.error?.issues ?? [], `${pageSize} ${orientation}`).toEqual([]);
    }
  });
});
