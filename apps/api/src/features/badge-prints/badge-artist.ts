import type { BadgeType } from '@portal/shared/badge-categories';
import { badgePageMm, type BadgeLayoutDesign } from '@portal/shared/badge-layouts';
import type { Database } from '../../db/client';
import { faceOf } from '../badge-layouts/badge-faces';
import { listAssignments, listLayouts } from '../badge-layouts/badge-layouts.repository';
import { layoutAssets } from '../badge-layouts/layout-assets';
import { chooseLayout } from '../badge-layouts/layout-resolution';
import { drawBadge, registerBadgeFonts, type LayoutAssets } from '../badge-layouts/render';
import type { FilesService } from '../files/files.service';
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

const kindKey = (kind: BadgeKind) => `${kind.badgeType}:${kind.badgeCategoryId}`;

function runLayout(key: string, design: BadgeLayoutDesign, assets: LayoutAssets): RunLayout {
  const { widthMm, heightMm } = badgePageMm(design.pageSize, design.orientation);
  return {
    key,
    sizeMm: { width: widthMm, height: heightMm },
    draw: (doc, badge) => drawBadge(doc, design, faceOf(badge), assets, { x: 0, y: 0 }),
  };
}

/**
 * The layouts of a run as the single badge PDF resolves them (category, else type, else the
 * event's A6 built-in), from the event's layouts and assignments read once, each with its logo
 * and background read once for the whole run.
 */
export function createBadgeArtist({ db, files }: { db: Database; files: FilesService }): BadgeArtist {
  return {
    prepare: registerBadgeFonts,
    async layoutsFor(eventId, kinds) {
      const [layouts, assignments] = await Promise.all([listLayouts(db, eventId), listAssignments(db, eventId)]);
      const assetsOf = layoutAssets(db, files);
      const byKind = new Map<string, RunLayout>();
      const byKey = new Map<string, RunLayout>();
      for (const kind of kinds) {
        const chosen = chooseLayout(kind, assignments, layouts);
        const stored = 'id' in chosen ? chosen : undefined;
        const key = stored ? `layout:${stored.id}` : 'built-in:a6';
        let layout = byKey.get(key);
        if (!layout) byKey.set(key, (layout = runLayout(key, chosen, stored ? await assetsOf(stored) : {})));
        byKind.set(kindKey(kind), layout);
      }
      return { of: (kind) => byKind.get(kindKey(kind))! };
    },
  };
}
