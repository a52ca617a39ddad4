import type { Readable } from 'node:stream';
import { visibleBadgeTypes } from '@portal/shared/badge-categories';
import {
  BADGE_LAYOUT_IMAGE_CONTENT_TYPES,
  BADGE_LAYOUT_IMAGE_FIELD,
  BADGE_LAYOUT_IMAGE_MAX_BYTES,
  badgePageMm,
  type BadgeLayout,
  type BadgeLayoutAssignment,
  type BadgeLayoutDesign,
  type BadgeLayoutImageKind,
  type BadgeLayoutInput,
  type BadgeLayoutList,
  type BadgeLayoutPreview,
} from '@portal/shared/badge-layouts';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import type { FilePart } from '../../lib/multipart-form';
import { recordAudit } from '../audit/audit.repository';
import { scopeOf } from '../auth/scope';
import { badgeScopeFilter } from '../badges/badges.repository';
import { findEventInScope } from '../events/events.repository';
import type { FilesService, ReceivedFile } from '../files/files.service';
import { receivePicture } from '../files/picture-upload';
import * as repo from './badge-layouts.repository';
import { faceOf } from './badge-faces';
import { layoutAssets } from './layout-assets';
import { singleBadgePdf } from './single-badge-pdf';
import { layoutBadge, svgOfDrawing, type BadgeFace, type LayoutAssets } from './render';

/** A cancelled badge is never printed: its PDF is gone (410), not merely hidden. */
export class BadgeCancelledError extends AppError {
  constructor() {
    super(410, 'Gone', 'This badge is cancelled and is not printed');
  }
}

export type LayoutImageUpload = ReceivedFile;

/** What a preview shows when it is given no badge: a name and company of ordinary length. */
const SAMPLE_FACE: BadgeFace = {
  code: 'SAMPLE2345',
  firstName: 'Alexandra',
  lastName: 'Whitmore-Kowalska',
  company: 'Northwind Exhibitions Ltd',
  category: 'Exhibitor staff',
  badgeType: 'exhibitor',
  fields: {},
};

function toLayout(row: repo.LayoutRow): BadgeLayout {
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    pageSize: row.pageSize,
    orientation: row.orientation,
    backgroundColor: row.backgroundColor,
    elements: row.elements,
    builtIn: row.builtIn,
    hasLogo: row.logoFileId !== null,
    hasBackgroundImage: row.backgroundFileId !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const fieldIdsOf = (layout: Pick<BadgeLayoutDesign, 'elements'>) =>
  layout.elements.flatMap((element) => (element.kind === 'field' ? [element.customFieldId] : []));

/**
 * Badge layouts of an event, their assignment to badge types and categories, the preview and the
 * single badge PDF (docs/printing.md). Organisers of the event design and assign; anyone who may
 * print reads the list and prints the badges it may see.
 */
export function createBadgeLayoutsService({ db, files }: { db: Database; files: FilesService }) {
  /** The event, when the caller reaches it: system-wide, or its own event. */
  async function eventInReach(actor: Actor, eventId: number) {
    const scope = scopeOf(actor.principal);
    if (scope.kind !== 'global' && scope.eventId !== eventId) throw new NotFoundError('Event');
    const event = await findEventInScope(db, eventId, scope);
    if (!event) throw new NotFoundError('Event');
    return event;
  }

  /** The event, when the caller is one of its organisers. */
  async function organisedEvent(actor: Actor, eventId: number) {
    const event = await eventInReach(actor, eventId);
    const scope = scopeOf(actor.principal);
    if (scope.kind !== 'global' && scope.kind !== 'event') throw new ForbiddenError('Only the organiser designs badge layouts');
    return event;
  }

  async function organisedLayout(actor: Actor, id: number) {
    const row = await repo.findLayout(db, id);
    const scope = scopeOf(actor.principal);
    if (!row || (scope.kind !== 'global' && scope.eventId !== row.eventId)) throw new NotFoundError('Badge layout');
    await organisedEvent(actor, row.eventId);
    return row;
  }

  /** Refuses a field element naming a custom field that is not the event's. */
  async function checkFields(eventId: number, layout: Pick<BadgeLayoutDesign, 'elements'>, path: string[] = []) {
    const ids = fieldIdsOf(layout);
    const known = await repo.fieldLabelsOfEvent(db, eventId, ids);
    const details = layout.elements.flatMap((element, index) =>
      element.kind === 'field' && !known.has(element.customFieldId)
        ? [{ field: [...path, 'elements', index, 'customFieldId'].join('.'), message: 'Not a custom field of this event' }]
        : [],
    );
    if (details.length > 0) throw new ValidationError(details[0]!.message, details);
    return known;
  }

  const badgeFilterOf = (actor: Actor) => badgeScopeFilter(scopeOf(actor.principal), visibleBadgeTypes(actor.principal.permissions, actor.principal.type));

  return {
    async list(actor: Actor, eventId: number): Promise<BadgeLayoutList> {
      await eventInReach(actor, eventId);
      const [rows, assignments] = await Promise.all([repo.listLayouts(db, eventId), repo.listAssignments(db, eventId)]);
      return { data: rows.map(toLayout), assignments };
    },

    async create(actor: Actor, eventId: number, input: BadgeLayoutInput): Promise<BadgeLayout> {
      await organisedEvent(actor, eventId);
      await checkFields(eventId, input);
      const row = await db.transaction(async (tx) => {
        const created = await repo.insertLayout(tx, eventId, input);
        await recordAudit(tx, actor, { action: 'create_badge_layout', entityType: 'badge_layout', entityId: created.id, eventId, after: toLayout(created) });
        return created;
      });
      return toLayout(row);
    },

    async get(actor: Actor, id: number): Promise<BadgeLayout> {
      return toLayout(await organisedLayout(actor, id));
    },

    async update(actor: Actor, id: number, input: BadgeLayoutInput): Promise<BadgeLayout> {
      const found = await organisedLayout(actor, id);
      await checkFields(found.eventId, input);
      const row = await db.transaction(async (tx) => {
        const before = await repo.lockLayout(tx, id);
        if (!before) throw new NotFoundError('Badge layout');
        const after = await repo.updateLayout(tx, id, input);
        await recordAudit(tx, actor, { action: 'update_badge_layout', entityType: 'badge_layout', entityId: id, eventId: after.eventId, before: toLayout(before), after: toLayout(after) });
        return after;
      });
      return toLayout(row);
    },

    /** Deletes a layout no badge type or category is assigned to (built-ins included). */
    async remove(actor: Actor, id: number): Promise<void> {
      await organisedLayout(actor, id);
      await db.transaction(async (tx) => {
        const before = await repo.lockLayout(tx, id);
        if (!before) throw new NotFoundError('Badge layout');
        if (await repo.isAssigned(tx, id)) throw new ConflictError('This layout is assigned to badges: assign another layout to them first');
        await repo.deleteLayout(tx, id);
        await recordAudit(tx, actor, { action: 'delete_badge_layout', entityType: 'badge_layout', entityId: id, eventId: before.eventId, before: toLayout(before) });
      });
    },

    /** Replaces all of the event's assignments at once. */
    async replaceAssignments(actor: Actor, eventId: number, assignments: BadgeLayoutAssignment[]): Promise<BadgeLayoutList> {
      await organisedEvent(actor, eventId);
      const layouts = await repo.layoutIdsOfEvent(db, eventId, [...new Set(assignments.map((a) => a.layoutId))]);
      const categories = await repo.badgeCategoriesOfEvent(db, eventId, [
        ...new Set(assignments.flatMap((a) => (a.badgeCategoryId === null ? [] : [a.badgeCategoryId]))),
      ]);
      const details = assignments.flatMap((assignment, index) => {
        const problems = [];
        if (!layouts.has(assignment.layoutId)) problems.push({ field: `assignments.${index}.layoutId`, message: 'Not a layout of this event' });
        if (assignment.badgeCategoryId !== null) {
          const type = categories.get(assignment.badgeCategoryId);
          if (!type) problems.push({ field: `assignments.${index}.badgeCategoryId`, message: 'Not a badge category of this event' });
          else if (type !== assignment.badgeType)
            problems.push({ field: `assignments.${index}.badgeCategoryId`, message: `This category's badges are of type ${type}` });
        }
        return problems;
      });
      if (details.length > 0) throw new ValidationError(details[0]!.message, details);
      await db.transaction(async (tx) => {
        const before = await repo.listAssignments(tx, eventId);
        await repo.replaceAssignments(tx, eventId, assignments);
        await recordAudit(tx, actor, { action: 'update_badge_layout_assignments', entityType: 'event', entityId: eventId, eventId, before, after: assignments });
      });
      return this.list(actor, eventId);
    },

    /** What an image upload may carry; refuses, before any byte is stored, a caller who may not set it. */
    async imageRules(actor: Actor, id: number): Promise<Map<string, { maxBytes: number }>> {
      await organisedLayout(actor, id);
      return new Map([[BADGE_LAYOUT_IMAGE_FIELD, { maxBytes: BADGE_LAYOUT_IMAGE_MAX_BYTES }]]);
    },

    /** Streams an image into the store, refusing anything but a readable PNG or JPEG within the limits. */
    receiveImage: (part: FilePart): Promise<LayoutImageUpload> =>
      receivePicture(files, part, { field: BADGE_LAYOUT_IMAGE_FIELD, maxBytes: BADGE_LAYOUT_IMAGE_MAX_BYTES, contentTypes: BADGE_LAYOUT_IMAGE_CONTENT_TYPES }),

    discardImages: (uploads: LayoutImageUpload[]) => files.discard(uploads),

    /** Makes the upload the layout's logo or background; the file it replaces is left to the file sweep. */
    async replaceImage(actor: Actor, id: number, kind: BadgeLayoutImageKind, upload: LayoutImageUpload | undefined): Promise<BadgeLayout> {
      try {
        const found = await organisedLayout(actor, id);
        if (!upload) throw ValidationError.field(BADGE_LAYOUT_IMAGE_FIELD, 'Choose a PNG or JPEG file');
        await db.transaction(async (tx) => {
          if (!(await repo.lockLayout(tx, id))) throw new NotFoundError('Badge layout');
          await files.record(tx, upload, { eventId: found.eventId, purpose: 'badge-layout', adminId: actor.principal.id });
          await repo.setLayoutImage(tx, id, kind, upload.id);
          const after = { fileName: upload.originalName, contentType: upload.contentType, sizeBytes: upload.sizeBytes };
          await recordAudit(tx, actor, { action: `update_badge_layout_${kind}`, entityType: 'badge_layout', entityId: id, eventId: found.eventId, after });
        });
      } catch (error) {
        if (upload) await files.discard([upload]);
        throw error;
      }
      return toLayout((await repo.findLayout(db, id))!);
    },

    async removeImage(actor: Actor, id: number, kind: BadgeLayoutImageKind): Promise<void> {
      const found = await organisedLayout(actor, id);
      await db.transaction(async (tx) => {
        await repo.setLayoutImage(tx, id, kind, null);
        await recordAudit(tx, actor, { action: `update_badge_layout_${kind}`, entityType: 'badge_layout', entityId: id, eventId: found.eventId, after: null });
      });
    },

    async openImage(actor: Actor, id: number, kind: BadgeLayoutImageKind) {
      const found = await organisedLayout(actor, id);
      const fileId = kind === 'logo' ? found.logoFileId : found.backgroundFileId;
      if (!fileId) throw new NotFoundError(kind === 'logo' ? 'Logo' : 'Background image');
      return files.openFile(db, fileId, found.eventId);
    },

    /**
     * The layout being edited, drawn by the print's engine as SVG: with a badge the caller may see,
     * the event's longest-named badge, or a fixed sample; with a stored layout's images.
     */
    async preview(
      actor: Actor,
      eventId: number,
      body: { layout: BadgeLayoutInput; layoutId?: number; badgeId?: number; sample?: 'longest' },
    ): Promise<BadgeLayoutPreview> {
      await organisedEvent(actor, eventId);
      const labels = await checkFields(eventId, body.layout, ['layout']);
      let assets: LayoutAssets = {};
      if (body.layoutId !== undefined) {
        const stored = await repo.findLayout(db, body.layoutId);
        if (!stored || stored.eventId !== eventId) throw new NotFoundError('Badge layout');
        assets = await layoutAssets(db, files)(stored);
      }
      let face: BadgeFace;
      if (body.badgeId !== undefined) {
        const row = await repo.findFace(db, body.badgeId, badgeFilterOf(actor));
        if (!row || row.eventId !== eventId) throw new NotFoundError('Badge');
        face = faceOf(row);
      } else {
        const row = body.sample === 'longest' ? await repo.findLongestNamedFace(db, eventId, badgeFilterOf(actor)) : undefined;
        face = row ? faceOf(row) : { ...SAMPLE_FACE, fields: Object.fromEntries([...labels].map(([id, label]) => [id, label])) };
      }
      const drawing = layoutBadge(body.layout, face, assets);
      const size = badgePageMm(body.layout.pageSize, body.layout.orientation);
      return { svg: svgOfDrawing(drawing, assets, size), ...size, warnings: drawing.warnings };
    },

    /** One badge as a PDF of its own size, with the layout it resolves to. */
    async badgePdf(actor: Actor, badgeId: number): Promise<{ fileName: string; content: Readable }> {
      const row = await repo.findFace(db, badgeId, badgeFilterOf(actor));
      if (!row) throw new NotFoundError('Badge');
      if (row.status === 'cancelled') throw new BadgeCancelledError();
      const doc = await singleBadgePdf(db, files, row);
      return { fileName: `badge-${row.code}.pdf`, content: doc };
    },
  };
}

export type BadgeLayoutsService = ReturnType<typeof createBadgeLayoutsService>;
