import type { BadgeType } from '@portal/shared/badge-categories';
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
