import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  BADGE_SHEETS,
  DEFAULT_PRINT_SETTINGS,
  imposeBadges,
  misfitMessage,
  type AlreadyPrinted,
  type BadgeSheetId,
  type Imposition,
  type PrintRunBody,
  type PrintSettings,
} from '@portal/shared/badge-prints';
import { visibleBadgeTypes } from '@portal/shared/badge-categories';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Database } from '../../db/client';
import { events } from '../../db/schema/events';
import type { Actor } from '../../lib/actor';
import { AppError, BusinessRuleError, NotFoundError, ValidationError } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { scopeOf, type Scope } from '../auth/scope';
import { findCategory } from '../badge-categories/badge-categories.repository';
import { categoryFilterFor } from '../badge-categories/badge-categories.service';
import { badgeScopeFilter } from '../badges/badges.repository';
import * as repo from './badge-prints.repository';
import { drawCropMarks, inCell, startSheet } from './sheet-pdf';
import { renderTestPage } from './test-page-pdf';
import type { BadgeArtist, BadgeKind } from './badge-artist';

/** Badges read per query while a run streams: memory stays bounded whatever the run's size. */
export const PRINT_PAGE_SIZE = 200;

/** A run that would print badges again without a reason: 409 with how many and a few of them. */
export class AlreadyPrintedError extends AppError {
  constructor(summary: Pick<AlreadyPrinted, 'alreadyPrinted' | 'examples'>) {
    const { alreadyPrinted: count } = summary;
    super(
      409,
      'Conflict',
      `${count === 1 ? '1 badge was' : `${count} badges were`} already printed: give a reason to print ${count === 1 ? 'it' : 'them'} again`,
      undefined,
      summary,
    );
  }
}

export type PrintRun = { fileName: string; count: number; content: Readable };

export function createBadgePrintsService({ db, artist }: { db: Database; artist: BadgeArtist }) {
  /** The event, when the scope reaches it: an organiser's or exhibitor's own, any for a system admin. */
  async function reachEvent(scope: Scope, eventId: number) {
    const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
    if (!event || (scope.kind !== 'global' && scope.eventId !== eventId)) throw new NotFoundError('Event');
  }

  async function settingsOf(eventId: number): Promise<PrintSettings> {
    return (await repo.findPrintSettings(db, eventId)) ?? DEFAULT_PRINT_SETTINGS;
  }

  /** The badges a run takes, after checking that the category and every chosen badge are within reach. */
  async function selectionOf(actor: Actor, body: PrintRunBody): Promise<repo.PrintSelection> {
    const { principal } = actor;
    const scope = scopeOf(principal);
    await reachEvent(scope, body.eventId);
    if (body.badgeCategoryId) {
      const category = await findCategory(db, body.badgeCategoryId, categoryFilterFor(principal));
      if (!category || category.eventId !== body.eventId || category.type !== 'badge') throw new NotFoundError('Badge category');
    }
    const selection = {
      eventId: body.eventId,
      scope: badgeScopeFilter(scope, visibleBadgeTypes(principal.permissions, principal.type)),
      badgeCategoryId: body.badgeCategoryId,
      badgeIds: body.badgeIds ? [...new Set(body.badgeIds)] : undefined,
      unprintedOnly: body.unprintedOnly,
    };
    if (selection.badgeIds && (await repo.countReachable(db, body.eventId, selection.scope, selection.badgeIds)) !== selection.badgeIds.length) {
      throw new NotFoundError('Badge');
    }
    return selection;
  }

  /** Every layout the run needs, each checked against the sheet: a badge that does not fit refuses the run. */
  async function impositionsOf(eventId: number, sheetId: BadgeSheetId, kinds: BadgeKind[]) {
    const sheet = BADGE_SHEETS[sheetId];
    const layouts = await artist.layoutsFor(eventId, kinds);
    const impositions = new Map<string, Imposition>();
    for (const kind of kinds) {
      const layout = layouts.of(kind);
      const size = layout.sizeMm;
      const imposition = imposeBadges(sheet, size);
      if (!imposition) throw ValidationError.field('sheet', misfitMessage(sheet, size));
      impositions.set(layout.key, imposition);
    }
    return { layouts, impositions };
  }

  /**
   * The run's PDF, drawn as it is read: a sheet is drawn only when the reader has taken the ones
   * before, and a page of badges fetched only when its sheets are due, so neither the badges nor
   * the PDF are ever held whole.
   */
  async function* runPdf(runId: string, prepared: Awaited<ReturnType<typeof impositionsOf>>, settings: PrintSettings) {
    const doc = new PDFDocument({ autoFirstPage: false, info: { Title: 'Badges' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    const written = () => Buffer.concat(chunks.splice(0));
    artist.prepare(doc);
    let sheet: { key: string; imposition: Imposition; next: number } | undefined;
    for (let after = 0; ; ) {
      const page = await repo.printRunPage(db, runId, after, PRINT_PAGE_SIZE);
      if (page.length === 0) break;
      after = page.at(-1)!.position;
      for (const badge of page) {
        const layout = prepared.layouts.of(badge);
        // A new sheet when this one is full or holds badges of another layout.
        if (!sheet || sheet.key !== layout.key || sheet.next === sheet.imposition.cells.length) {
          const imposition = prepared.impositions.get(layout.key)!;
          startSheet(doc, imposition, settings);
          drawCropMarks(doc, imposition);
          sheet = { key: layout.key, imposition, next: 0 };
          // Starting a sheet wrote out the one before: it leaves now, so the first bytes leave early.
          if (chunks.length > 0) yield written();
        }
        inCell(doc, sheet.imposition.cells[sheet.next++]!, () => layout.draw(doc, badge));
      }
    }
    doc.end();
    await ended;
    yield written();
  }

  return {
    async getSettings(actor: Actor, eventId: number): Promise<PrintSettings> {
      await reachEvent(scopeOf(actor.principal), eventId);
      return settingsOf(eventId);
    },

    async saveSettings(actor: Actor, eventId: number, settings: PrintSettings): Promise<PrintSettings> {
      await reachEvent(scopeOf(actor.principal), eventId);
      await db.transaction(async (tx) => {
        const before = await repo.findPrintSettings(tx, eventId);
        await repo.savePrintSettings(tx, eventId, settings, actor.principal.id);
        await recordAudit(tx, actor, { action: 'badge_print_settings.update', entityType: 'event', entityId: eventId, eventId, before, after: settings });
      });
      return settings;
    },

    async testPage(actor: Actor, eventId: number, sheet: BadgeSheetId): Promise<{ fileName: string; content: Readable }> {
      await reachEvent(scopeOf(actor.principal), eventId);
      return { fileName: `calibration-${sheet}.pdf`, content: renderTestPage(BADGE_SHEETS[sheet], await settingsOf(eventId)) };
    },

    /**
     * Starts a print run: checks the selection and the sheet, records a print of every badge in one
     * transaction (refused with 409 when some were printed before and no reason is given), then
     * streams the PDF of what it recorded, in the run's order. Cancelled badges are never taken.
     */
    async startPrintRun(actor: Actor, body: PrintRunBody): Promise<PrintRun> {
      const selection = await selectionOf(actor, body);
      const kinds = await repo.selectionKinds(db, selection);
      if (kinds.length === 0) throw new BusinessRuleError('No badge to print: the selection holds no active badge not yet printed');
      const prepared = await impositionsOf(body.eventId, body.sheet, kinds);
      const runId = randomUUID();
      const recorded = await db.transaction(async (tx) => {
        const run = await repo.recordPrintRun(tx, selection, {
          runId,
          sort: body.sort ?? 'company',
          sheet: body.sheet,
          adminId: actor.principal.id,
          reason: body.reprintReason ?? null,
        });
        // Badges printed meanwhile by another run leave nothing of an "unprinted only" selection.
        if (run.total === 0) throw new BusinessRuleError('No badge to print: the selection holds no active badge not yet printed');
        if (run.reprinted > 0 && !body.reprintReason) throw new AlreadyPrintedError({ alreadyPrinted: run.reprinted, examples: run.examples });
        await recordAudit(tx, actor, {
          action: 'badge_print_run.create',
          entityType: 'badge_print_run',
          entityId: runId,
          eventId: body.eventId,
          after: { sheet: body.sheet, badges: run.total, reprinted: run.reprinted, reason: body.reprintReason ?? null },
        });
        return run;
      });
      const settings = await settingsOf(body.eventId);
      return {
        fileName: `badges-event-${body.eventId}-${runId.slice(0, 8)}.pdf`,
        count: recorded.total,
        content: Readable.from(runPdf(runId, prepared, settings), { objectMode: false }),
      };
    },
  };
}

export type BadgePrintsService = ReturnType<typeof createBadgePrintsService>;
