import type { BadgeElement, BadgeElementKind, BadgeTextElement } from '@portal/shared/badge-layouts';
import type { Page } from './layout-geometry';
import { snap } from './layout-geometry';

/** What the editor's "Add" menu offers, in its order; `name2` is the name on two lines. */
export const ADDABLE_ELEMENTS = [
  { choice: 'name', label: 'Name (one line)' },
  { choice: 'name2', label: 'Name (two lines)' },
  { choice: 'firstName', label: 'First name' },
  { choice: 'lastName', label: 'Last name' },
  { choice: 'company', label: 'Company' },
  { choice: 'category', label: 'Category' },
  { choice: 'typeBand', label: 'Badge type band' },
  { choice: 'field', label: 'Custom field answer' },
  { choice: 'text', label: 'Free text' },
  { choice: 'qr', label: 'QR code' },
  { choice: 'logo', label: 'Logo' },
] as const;
export type AddableElement = (typeof ADDABLE_ELEMENTS)[number]['choice'];

/** An id no element of the layout has yet: the kind and the next free number. */
export function nextElementId(kind: BadgeElementKind, elements: readonly BadgeElement[]): string {
  const taken = new Set(elements.map((element) => element.id));
  let n = 1;
  while (taken.has(`${kind}-${n}`)) n += 1;
  return `${kind}-${n}`;
}

const TEXT_STYLE = { bold: false, align: 'center', color: '#000000', uppercase: false } as const;

/**
 * A new element of the chosen kind, sized for the page and placed near its middle; a custom-field
 * element asks for the field (`customFieldId`), the only thing the editor cannot choose for it.
 */
export function newElement(
  choice: AddableElement,
  elements: readonly BadgeElement[],
  page: Page,
  customFieldId?: number,
): BadgeElement {
  const margin = Math.min(5, snap(page.widthMm * 0.05));
  const fullWidth = page.widthMm - 2 * margin;
  const place = (width: number, height: number) => {
    const w = Math.min(snap(width), page.widthMm);
    const h = Math.min(snap(height), page.heightMm);
    return { x: snap((page.widthMm - w) / 2), y: snap((page.heightMm - h) / 2), width: w, height: h };
  };
  const kind: BadgeElementKind = choice === 'name2' ? 'name' : choice;
  const id = nextElementId(kind, elements);
  const text = (fontSize: number, height: number): Omit<BadgeTextElement, 'kind'> => ({
    id,
    ...place(fullWidth, height),
    ...TEXT_STYLE,
    fontSize,
    minFontSize: Math.min(8, fontSize),
  });
  switch (choice) {
    case 'name':
      return { kind: 'name', lines: 1, ...text(24, 12), bold: true };
    case 'name2':
      return { kind: 'name', lines: 2, ...text(24, 22), bold: true };
    case 'firstName':
    case 'lastName':
      return { kind: choice, ...text(20, 10), bold: true };
    case 'company':
    case 'category':
      return { kind: choice, ...text(14, 8) };
    case 'field':
      return { kind: 'field', customFieldId: customFieldId ?? 0, ...text(12, 7) };
    case 'text':
      return { kind: 'text', text: 'Text', ...text(12, 7) };
    case 'typeBand': {
      const height = Math.min(12, snap(page.heightMm * 0.12));
      return {
        kind: 'typeBand',
        id,
        x: 0,
        // Flush with the bottom edge, which need not fall on the snap grid (CR80: 53.98 mm).
        y: Math.round((page.heightMm - height) * 1000) / 1000,
        width: page.widthMm,
        height,
        colors: {},
        showLabel: true,
        textColor: '#ffffff',
      };
    }
    case 'qr': {
      const side = Math.min(25, snap(Math.min(page.widthMm, page.heightMm) * 0.4));
      return { kind: 'qr', id, ...place(side, side) };
    }
    case 'logo':
      return { kind: 'logo', id, ...place(Math.min(30, fullWidth), 12) };
  }
}
