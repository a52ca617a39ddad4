import type { BadgeElement } from '@portal/shared/badge-layouts';

/** Placing snaps to half millimetres: fine enough for print, coarse enough to line elements up by hand. */
export const SNAP_MM = 0.5;
/** The smallest box a corner drag leaves. */
export const MIN_BOX_MM = 2;

export type Page = { widthMm: number; heightMm: number };
type Box = Pick<BadgeElement, 'x' | 'y' | 'width' | 'height'>;

export function snap(mm: number): number {
  return Math.round(mm / SNAP_MM) * SNAP_MM;
}

/** Rounds away the float noise of pixel arithmetic (0.30000000000000004 mm). */
function tidy(mm: number): number {
  return Math.round(mm * 1000) / 1000;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/** The box moved by (dx, dy) mm, snapped and kept inside the page. */
export function moveBox<T extends Box>(box: T, dx: number, dy: number, page: Page): T {
  return {
    ...box,
    x: tidy(clamp(snap(box.x + dx), 0, page.widthMm - box.width)),
    y: tidy(clamp(snap(box.y + dy), 0, page.heightMm - box.height)),
  };
}

/** The box resized from its bottom-right corner by (dw, dh) mm, snapped and kept inside the page. */
export function resizeBox<T extends Box>(box: T, dw: number, dh: number, page: Page): T {
  return {
    ...box,
    width: tidy(clamp(snap(box.width + dw), MIN_BOX_MM, page.widthMm - box.x)),
    height: tidy(clamp(snap(box.height + dh), MIN_BOX_MM, page.heightMm - box.y)),
  };
}

/**
 * Every element's place scaled from one page to another, so that a change of size or
 * orientation keeps the design's proportions and every element inside the new page.
 */
export function scaleElements<T extends Box>(elements: T[], from: Page, to: Page): T[] {
  const sx = to.widthMm / from.widthMm;
  const sy = to.heightMm / from.heightMm;
  return elements.map((element) => {
    const width = tidy(Math.min(Math.max(snap(element.width * sx), SNAP_MM), to.widthMm));
    const height = tidy(Math.min(Math.max(snap(element.height * sy), SNAP_MM), to.heightMm));
    return {
      ...element,
      width,
      height,
      x: tidy(clamp(snap(element.x * sx), 0, to.widthMm - width)),
      y: tidy(clamp(snap(element.y * sy), 0, to.heightMm - height)),
    };
  });
}
