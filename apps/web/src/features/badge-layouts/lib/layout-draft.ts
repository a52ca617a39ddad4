import {
  badgePageMm,
  type BadgeElement,
  type BadgeLayout,
  type BadgeOrientation,
  type BadgePageSize,
} from '@portal/shared/badge-layouts';
import { scaleElements } from './layout-geometry';

/** What the editor changes and saves: the layout's input, as the shared schema reads it. */
export type LayoutDraft = Pick<BadgeLayout, 'name' | 'pageSize' | 'orientation' | 'backgroundColor' | 'elements'>;

export function draftOf(layout: LayoutDraft): LayoutDraft {
  const { name, pageSize, orientation, backgroundColor, elements } = layout;
  return { name, pageSize, orientation, backgroundColor, elements };
}

/** A new size or orientation, with every element's place scaled to it. */
export function withPage(draft: LayoutDraft, pageSize: BadgePageSize, orientation: BadgeOrientation): LayoutDraft {
  const from = badgePageMm(draft.pageSize, draft.orientation);
  const to = badgePageMm(pageSize, orientation);
  return { ...draft, pageSize, orientation, elements: scaleElements(draft.elements, from, to) };
}

export function withElement(draft: LayoutDraft, element: BadgeElement): LayoutDraft {
  return { ...draft, elements: draft.elements.map((current) => (current.id === element.id ? element : current)) };
}

export function withoutElement(draft: LayoutDraft, id: string): LayoutDraft {
  return { ...draft, elements: draft.elements.filter((element) => element.id !== id) };
}

/** The element one step earlier (-1) or later (1) in drawing order. */
export function withElementMoved(draft: LayoutDraft, id: string, by: -1 | 1): LayoutDraft {
  const from = draft.elements.findIndex((element) => element.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= draft.elements.length) return draft;
  const elements = [...draft.elements];
  [elements[from], elements[to]] = [elements[to]!, elements[from]!];
  return { ...draft, elements };
}
