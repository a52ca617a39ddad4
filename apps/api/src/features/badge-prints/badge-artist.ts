import type { BadgeType } from '@portal/shared/badge-categories';
import { badgeLayoutInputSchema, badgePageMm } from '@portal/shared/badge-layouts';
import { BUILT_IN_LAYOUTS } from '../badge-layouts/built-ins';
import { drawBadge, registerBadgeFonts, type BadgeFace } from '../badge-layouts/render';
import type { PrintedBadge } from './badge-prints.repository';

/** What decides a badge's layout: its category, else its type. */
export type BadgeKind = { badgeCategoryId: number; badgeType: BadgeType };

/** A layout as a run uses it: its size, and how to draw a badge with its top-left at (0, 0). */
export type RunLayout = {
  /** Same key, same layout: badges of one key share sheets. */
  key: string;
  sizeMm: { width: number; height: number };
  draw(doc: PDFKit.PDFDocument, badge: PrintedBadge): void;
};

/** Draws badges for print runs from the event's layouts. */
export type BadgeArtist = {
  /** Once per document, before any badge: registers the fonts. */
  prepare(doc: PDFKit.PDFDocument): void;
  /** The layout of each kind of badge of the event, with its images loaded once for the run. */
  layoutsFor(eventId: number, kinds: BadgeKind[]): Promise<{ of(kind: BadgeKind): RunLayout }>;
};

/** An answer as a badge prints it: text as typed, choices joined, yes/no spelt out. */
export function answerText(value: unknown): string {
  if (value == null) return '';
  if (Array.isArray(value)) return value.map(answerText).filter(Boolean).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return typeof value === 'object' ? '' : String(value);
}

/** What the renderer draws of a badge of a run. */
export function faceOf(badge: PrintedBadge): BadgeFace {
  return {
    code: badge.code,
    firstName: badge.firstName,
    lastName: badge.lastName,
    company: badge.company,
    category: badge.category,
    badgeType: badge.badgeType,
    fields: Object.fromEntries(Object.entries(badge.answers).map(([id, value]) => [Number(id), answerText(value)])),
  };
}

export function createBadgeArtist(): BadgeArtist {
  const builtIn = badgeLayoutInputSchema.parse(BUILT_IN_LAYOUTS.a6);
  const { widthMm, heightMm } = badgePageMm(builtIn.pageSize, builtIn.orientation);
  const layout: RunLayout = {
    key: 'built-in:a6',
    sizeMm: { width: widthMm, height: heightMm },
    draw: (doc, badge) => drawBadge(doc, builtIn, faceOf(badge), {}, { x: 0, y: 0 }),
  };
  return {
    prepare: registerBadgeFonts,
    layoutsFor: async () => ({ of: () => layout }),
  };
}
