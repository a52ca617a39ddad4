import type { AdvancedFilter, Badge, BadgeListItem, ListBadgesQuery } from '@portal/shared/badges';
import { BADGE_TYPE_LABELS, visibleBadgeTypes } from '@portal/shared/badge-categories';
import { MAX_FILE_SIZE_BYTES } from '@portal/shared/custom-fields';
import type { ExportFormat } from '@portal/shared/exports';
import { BADGE_LIST_READERS, hasPermissions } from '@portal/shared/permissions';
import { and, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { ConflictError, ForbiddenError, isUniqueViolation, NotFoundError, ValidationError } from '../../lib/errors';
import { exportFile, rowsInOrder, type ExportFile } from '../../lib/list-export';
import { listJson } from '../../lib/listing';
import { allocationHolder } from '../allocations/allocations.repository';
import { consumeAllocation, releaseAllocation } from '../allocations/allocations.service';
import { recordAudit } from '../audit/audit.repository';
import { hashPassword } from '../auth/passwords';
import { loadPrincipal } from '../auth/principal';
import { scopeOf } from '../auth/scope';
import { findCategory } from '../badge-categories/badge-categories.repository';
import { categoryFilterFor } from '../badge-categories/badge-categories.service';
import { findFieldsForCategory } from '../custom-fields/custom-fields.repository';
import { findExhibitor } from '../exhibitors/exhibitors.repository';
import { queueBadgeConfirmation } from '../e-badges/badge-mails';
import { deleteFiles } from '../files/files.repository';
import { consentOnBadge } from '../lead-settings/lead-consent';
import { advancedFilterCondition } from './advanced-filter';
import { newBadgeCode } from './badge-codes';
import { badgeExportColumns } from './badge-export';
import * as repo from './badges.repository';
import type { FilesService, ReceiveInput } from '../files/files.service';
import type { FilePart } from '../../lib/multipart-form';
import type { FieldValuesPort, ObsoleteFiles, Upload } from './field-values';

export type NewBadge = {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  badgeCategoryId: number;
  type?: string;
  exhibitorId?: number | null;
  adminId?: number | null;
  eventId?: number;
  customFieldValues: { customFieldId: number; value?: unknown }[];
  /** The holder's password (spec §3), in clear: only its hash is stored. */
  password?: string | null;
  /** Email the holder the badge (PDF and QR code) in the badge's transaction. */
  sendConfirmation?: boolean;
  /** The holder's answer to the event's consent question, when it asks one (lead-settings/lead-consent.ts). */
  leadConsent?: boolean;
};

/** What may change on a badge; where it belongs (category, type, event, owner) may be sent, as it is. */
export type BadgeChanges = Partial<NewBadge> & {
  status?: 'active' | 'cancelled';
};

/**
 * A badge registered through a registration link: the link's owner is the acting principal;
 * `claim` takes one use of the link and `registered` follows up (the confirmation mail), both in
 * the badge's transaction, so a failed registration spends no use and a used-up link registers no badge.
 */
export type ThroughLink = {
  registrationLinkId: string;
  claim(tx: Database): Promise<void>;
  registered(tx: Database, badgeId: number): Promise<void>;
};

/** A file part a badge form accepts: the custom field it answers and that field's limits. */
export type UploadRule = Required<Pick<ReceiveInput, 'field' | 'maxBytes'>> & Pick<ReceiveInput, 'allowedMimeTypes'> & { customFieldId: number };

/**
 * A list row as sent: named field by field, so every row gets the same shape in one step (no
 * per-row copy to drop the allocation or the page's total) and nothing unnamed can slip through.
 */
function toListItem(row: repo.BadgeRow): BadgeListItem {
  return {
    id: row.id,
    eventId: row.eventId,
    event: { id: row.eventId, name: row.eventName },
    eventName: row.eventName,
    badgeCategoryId: row.badgeCategoryId,
    badgeCategory: row.badgeCategory,
    exhibitorId: row.exhibitorId,
    companyName: row.companyName,
    createdByAdminId: row.createdByAdminId,
    createdByName: row.createdByName,
    firstName: row.firstName,
    lastName: row.lastName,
    name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    phone: row.phone,
    type: row.type,
    status: row.status,
    code: row.code,
    customFieldValues: row.customFieldValues,
    printCount: row.printCount,
    lastPrintedAt: row.lastPrintedAt,
    lastPrintedBy: row.lastPrintedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Inserts a badge under a new random code. A collision is astronomically rare; one retry makes it
 * a non-event. The first try runs in a savepoint, since PostgreSQL aborts a transaction on error.
 */
async function insertWithFreshCode(tx: Database, values: Omit<Parameters<typeof repo.insertBadge>[1], 'code'>): Promise<number> {
  try {
    return await tx.transaction((savepoint) => repo.insertBadge(savepoint, { ...values, code: newBadgeCode() }));
  } catch (error) {
    if (!isUniqueViolation(error, 'badges_code_key')) throw error;
    return repo.insertBadge(tx, { ...values, code: newBadgeCode() });
  }
}

export function createBadgesService({ db, fieldValues, files }: { db: Database; fieldValues: FieldValuesPort; files: FilesService }) {
  const scopeFilterOf = (actor: Actor) =>
    repo.badgeScopeFilter(scopeOf(actor.principal), visibleBadgeTypes(actor.principal.permissions, actor.principal.type));

  async function getRow(actor: Actor, id: number) {
    const row = await repo.findBadge(db, id, scopeFilterOf(actor));
    if (!row) throw new NotFoundError('Badge');
    return row;
  }

  async function toBadge(row: repo.BadgeRow): Promise<Badge> {
    const leadConsent =
      row.leadConsentVersion != null && row.leadConsentAt ? { version: row.leadConsentVersion, at: row.leadConsentAt.toISOString() } : null;
    return { ...toListItem(row), addons: await repo.findAddons(db, row.id), leadConsent };
  }

  /**
   * Whose allocation a new badge uses: an exhibitor's own, a sub-account's child allocation, or,
   * when an organiser registers it, the exhibitor (or sub-account) it names. None for the
   * organiser's own badges.
   */
  async function placement(actor: Actor, body: NewBadge, eventId: number) {
    const scope = scopeOf(actor.principal);
    if (scope.kind === 'exhibitor') return { exhibitorId: scope.exhibitorId, holderId: scope.exhibitorId };
    if (scope.kind === 'sub-account') return { exhibitorId: scope.exhibitorId, holderId: scope.subAccountId };
    if (body.exhibitorId == null) {
      if (body.adminId != null) throw ValidationError.field('exhibitorId', 'Name the exhibitor of this sub-account');
      return { exhibitorId: null, holderId: null };
    }
    const exhibitor = await findExhibitor(db, body.exhibitorId, scope);
    if (!exhibitor || exhibitor.eventId !== eventId) throw ValidationError.field('exhibitorId', 'Exhibitor not found in this event');
    if (body.adminId != null && body.adminId !== body.exhibitorId) {
      const holder = await loadPrincipal(db, body.adminId);
      if (!holder || holder.exhibitorId !== body.exhibitorId) throw ValidationError.field('adminId', 'Sub-account not found');
      return { exhibitorId: body.exhibitorId, holderId: body.adminId };
    }
    return { exhibitorId: body.exhibitorId, holderId: body.exhibitorId };
  }

  /**
   * The spec's exhibitor user carries where a badge belongs; a client may send it back on an
   * update as it is. Any other value is refused: a badge does not move (that is a new badge).
   */
  async function assertPlacementKept(before: repo.BadgeRow, body: BadgeChanges) {
    const stays = (field: string, message: string) => ValidationError.field(field, message);
    if (body.eventId != null && body.eventId !== before.eventId) throw stays('eventId', 'A badge stays in its event');
    if (body.badgeCategoryId != null && body.badgeCategoryId !== before.badgeCategoryId) {
      throw stays('badgeCategoryId', 'A badge stays in its category: register a new badge for another one');
    }
    if (body.type != null && body.type !== before.type) {
      throw stays('type', `This is a ${BADGE_TYPE_LABELS[before.type]} badge: its type is its category's`);
    }
    if (body.exhibitorId !== undefined && body.exhibitorId !== before.exhibitorId) {
      throw stays('exhibitorId', 'A badge stays with the exhibitor whose place it uses');
    }
    if (body.adminId !== undefined) {
      const holder = before.allocationId != null ? await allocationHolder(db, before.allocationId) : before.exhibitorId;
      if (body.adminId !== holder) throw stays('adminId', 'A badge stays with the account whose place it uses');
    }
  }

  async function openBadgeCategory(actor: Actor, id: number) {
    const category = await findCategory(db, id, categoryFilterFor(actor.principal));
    if (!category || category.type !== 'badge') throw ValidationError.field('badgeCategoryId', 'Badge category not found');
    if (!category.isActive) throw ValidationError.field('badgeCategoryId', 'This badge category is closed');
    return category;
  }

  /**
   * Runs a write that records `uploads` (already in the store) in its transaction. Until that
   * transaction commits, any failure removes their bytes; after it, the bytes of files the write
   * made obsolete go. Removal after the commit is best effort: the orphan sweep takes what is left.
   */
  async function writeWithUploads<T>(uploads: Map<number, Upload>, write: () => Promise<{ result: T; obsolete: ObsoleteFiles }>): Promise<T> {
    let outcome: { result: T; obsolete: ObsoleteFiles };
    try {
      outcome = await write();
    } catch (error) {
      await files.discard([...uploads.values()]);
      throw error;
    }
    await files.removeDeleted(outcome.obsolete);
    return outcome.result;
  }

  function conflicts(error: unknown): never {
    if (isUniqueViolation(error, 'badges_event_category_email_key')) {
      throw new ConflictError('A badge with this email already exists in this category', 'email');
    }
    throw error;
  }

  /** The list answer as JSON text (`listJson`): the items as PostgreSQL wrote them. */
  async function listWhere(actor: Actor, where: SQL | undefined, page: { page: number; per_page: number; sort?: string }): Promise<string> {
    const { items, total, estimated } = await repo.listBadges(db, and(scopeFilterOf(actor), where), page);
    return listJson(items, total, page, estimated);
  }

  return {
    async listBadges(actor: Actor, query: ListBadgesQuery) {
      const companyExhibitors = query.search ? await repo.exhibitorsOfCompaniesNamed(db, query.search) : [];
      return listWhere(actor, and(...repo.filterConditions(query, companyExhibitors)), query);
    },

    /**
     * Every badge of the list's filters, scope and sort as a streamed file, with a column for each
     * custom field that applies to them. Export takes `export_data` (the route) and a list reader.
     */
    async exportBadges(actor: Actor, query: Omit<ListBadgesQuery, 'page' | 'per_page'>, format: ExportFormat): Promise<ExportFile> {
      if (!hasPermissions(actor.principal.permissions, { permissions: [...BADGE_LIST_READERS], mode: 'any' }))
        throw new ForbiddenError();
      const companyExhibitors = query.search ? await repo.exhibitorsOfCompaniesNamed(db, query.search) : [];
      const where = and(scopeFilterOf(actor), ...repo.filterConditions(query, companyExhibitors));
      const [ids, fields] = await Promise.all([repo.badgeIds(db, where, query.sort), repo.badgeExportFields(db, where)]);
      return exportFile('Badges', format, badgeExportColumns(fields), rowsInOrder(ids, (batch) => repo.badgesForExport(db, batch)));
    },

    /** Conditions combined with and/or over the fields of spec §3, within the caller's scope. */
    advancedFilter(actor: Actor, body: AdvancedFilter) {
      const where = and(body.eventId ? repo.filterConditions({ eventId: body.eventId })[0] : undefined, advancedFilterCondition(body));
      return listWhere(actor, where, body);
    },

    async getBadge(actor: Actor, id: number): Promise<Badge> {
      return toBadge(await getRow(actor, id));
    },

    /**
     * The file parts a badge form may carry: `customField[{id}]` for each active file field of the
     * category (of the badge, when it exists), with the field's own size and type limits.
     */
    async uploadRules(actor: Actor, target: { badgeId: number } | { badgeCategoryId: unknown }): Promise<Map<string, UploadRule>> {
      let ref: { eventId: number; badgeCategoryId: number };
      if ('badgeId' in target) {
        const row = await getRow(actor, target.badgeId);
        ref = { eventId: row.eventId, badgeCategoryId: row.badgeCategoryId };
      } else {
        const id = Number(target.badgeCategoryId);
        if (!Number.isSafeInteger(id) || id <= 0) throw ValidationError.field('badgeCategoryId', 'Send badgeCategoryId before the files');
        const category = await openBadgeCategory(actor, id);
        ref = { eventId: category.eventId, badgeCategoryId: category.id };
      }
      const fields = await findFieldsForCategory(db, ref);
      return new Map(
        fields
          .filter((field) => field.isActive && field.type === 'file')
          .map((field) => [
            `customField[${field.id}]`,
            {
              customFieldId: field.id,
              field: `customFieldValues.${field.key}`,
              maxBytes: Math.min(field.validation.maxFileSizeBytes ?? MAX_FILE_SIZE_BYTES, MAX_FILE_SIZE_BYTES),
              allowedMimeTypes: field.validation.allowedMimeTypes,
            },
          ]),
      );
    },

    /** Streams a file part of a badge form to the store, checked against its field's rule. */
    receiveUpload: (part: FilePart, rule: UploadRule): Promise<Upload> =>
      files.receive(part.content, { ...rule, originalName: part.filename, declaredType: part.mimetype }),

    discardUploads: (uploads: Upload[]) => files.discard(uploads),

    /**
     * Registers a badge; `uploads` are files already in the store, which go again if it fails.
     * `registered` runs in the badge's transaction (a walk-in's first check-in), so both or neither land.
     */
    async createBadge(
      actor: Actor,
      body: NewBadge,
      uploads: Map<number, Upload> = new Map(),
      link?: ThroughLink,
      registered?: (tx: Database, badgeId: number) => Promise<void>,
    ): Promise<Badge> {
      const id = await writeWithUploads(uploads, async () => {
        const category = await openBadgeCategory(actor, body.badgeCategoryId);
        if (body.eventId != null && body.eventId !== category.eventId) throw ValidationError.field('eventId', 'The category belongs to another event');
        if (body.type && body.type !== category.badgeType) {
          throw ValidationError.field('type', `The category issues ${BADGE_TYPE_LABELS[category.badgeType]} badges`);
        }
        const { exhibitorId, holderId } = await placement(actor, body, category.eventId);
        // Through a link the unique index alone decides, after every other check: a registrant must
        // not learn from an early answer that the address holds a badge.
        if (!link && (await repo.emailRegistered(db, category.eventId, category.id, body.email))) {
          throw new ConflictError('A badge with this email already exists in this category', 'email');
        }
        const answers = await fieldValues.check(db, { eventId: category.eventId, badgeCategoryId: category.id }, body.customFieldValues, uploads, { partial: false });
        const { password, ...recorded } = body;
        const passwordHash = password ? await hashPassword(password) : null;
        return db
          .transaction(async (tx) => {
            await link?.claim(tx);
            const allocationId = holderId != null ? await consumeAllocation(tx, holderId, category) : null;
            const badgeId = await insertWithFreshCode(tx, {
              eventId: category.eventId,
              badgeCategoryId: category.id,
              exhibitorId,
              allocationId,
              createdByAdminId: actor.principal.id,
              registrationLinkId: link?.registrationLinkId ?? null,
              firstName: body.firstName,
              lastName: body.lastName,
              email: body.email,
              phone: body.phone ?? null,
              passwordHash,
              badgeType: category.badgeType,
              ...(await consentOnBadge(tx, category.eventId, body.leadConsent)),
            });
            const obsolete = await fieldValues.save(tx, badgeId, answers, actor.principal.id, category.eventId);
            await registered?.(tx, badgeId);
            if (link) await link.registered(tx, badgeId);
            else if (body.sendConfirmation) await queueBadgeConfirmation(tx, badgeId);
            // A registrant is nobody's account: the entry names the link, not its owner, as the author.
            await recordAudit(tx, link ? null : actor, {
              action: link ? 'register_through_link' : 'create',
              entityType: 'badge',
              entityId: badgeId,
              eventId: category.eventId,
              exhibitorId,
              after: { ...recorded, passwordSet: passwordHash !== null, exhibitorId, allocationId, registrationLinkId: link?.registrationLinkId },
            });
            return { result: badgeId, obsolete };
          })
          .catch(conflicts);
      });
      return this.getBadge(actor, id);
    },

    /** Cancelling gives the place back to the allocation; reactivating takes one again. */
    async updateBadge(actor: Actor, id: number, body: BadgeChanges, uploads: Map<number, Upload> = new Map()): Promise<Badge> {
      await writeWithUploads(uploads, async () => {
        const before = await getRow(actor, id);
        await assertPlacementKept(before, body);
        if (body.email && (await repo.emailRegistered(db, before.eventId, before.badgeCategoryId, body.email, id))) {
          throw new ConflictError('A badge with this email already exists in this category', 'email');
        }
        // A file alone answers its field: a form may send it without any other answer.
        const answers =
          body.customFieldValues || uploads.size > 0
            ? await fieldValues.check(db, { eventId: before.eventId, badgeCategoryId: before.badgeCategoryId }, body.customFieldValues ?? [], uploads, { partial: true })
            : null;
        const { password, ...recorded } = body;
        const passwordHash = password ? await hashPassword(password) : undefined;
        return db
          .transaction(async (tx) => {
            let allocationId = before.allocationId;
            if (body.status && body.status !== before.status) {
              if (body.status === 'cancelled' && allocationId != null) await releaseAllocation(tx, allocationId);
              if (body.status === 'active' && allocationId != null) {
                allocationId = await consumeAllocation(tx, await allocationHolder(tx, allocationId), before.badgeCategory);
              }
            }
            await repo.updateBadge(tx, id, {
              firstName: body.firstName,
              lastName: body.lastName,
              email: body.email,
              phone: body.phone,
              status: body.status,
              passwordHash,
              allocationId,
              ...(await consentOnBadge(tx, before.eventId, body.leadConsent)),
            });
            const obsolete = answers ? await fieldValues.save(tx, id, answers, actor.principal.id, before.eventId) : [];
            await recordAudit(tx, actor, { action: 'update', entityType: 'badge', entityId: id, eventId: before.eventId, exhibitorId: before.exhibitorId, before, after: { ...recorded, ...(passwordHash ? { passwordSet: true } : {}) } });
            return { result: id, obsolete };
          })
          .catch(conflicts);
      });
      return this.getBadge(actor, id);
    },

    /**
     * Gives an add-on to many badges, or takes it away, all or nothing. A badge of an exhibitor
     * uses a place of that exhibitor's allocation of the add-on; removing it gives the place back.
     */
    async assignAddons(actor: Actor, body: { badgeIds: number[]; addonCategoryId: number; action: 'assign' | 'remove' }) {
      const addon = await findCategory(db, body.addonCategoryId, categoryFilterFor(actor.principal));
      if (!addon || addon.type !== 'addon') throw ValidationError.field('addonCategoryId', 'Add-on not found');
      const ids = [...new Set(body.badgeIds)];
      const found = await repo.findBadgesForAddon(db, ids, scopeFilterOf(actor), addon.id);
      const missing = ids.filter((id) => !found.some((badge) => badge.id === id));
      if (missing.length > 0) throw ValidationError.field('badgeIds', `Badges not found: ${missing.slice(0, 20).join(', ')}`);
      const foreign = found.filter((badge) => badge.eventId !== addon.eventId);
      if (foreign.length > 0) throw ValidationError.field('badgeIds', 'Every badge must belong to the add-on’s event');
      let changed = 0;
      await db.transaction(async (tx) => {
        for (const badge of found) {
          if (body.action === 'assign' && !badge.hasAddon) {
            const allocationId = badge.exhibitorId != null ? await consumeAllocation(tx, badge.exhibitorId, addon) : null;
            await repo.insertBadgeAddon(tx, { badgeId: badge.id, addonCategoryId: addon.id, allocationId });
            changed += 1;
          } else if (body.action === 'remove' && badge.hasAddon) {
            if (badge.addonAllocationId != null) await releaseAllocation(tx, badge.addonAllocationId);
            await repo.deleteBadgeAddon(tx, badge.id, addon.id);
            changed += 1;
          }
        }
        await recordAudit(tx, actor, {
          action: `addon_${body.action}`,
          entityType: 'badge',
          eventId: addon.eventId,
          after: { ...body, badgeIds: ids, changed },
        });
      });
      return { data: { changed, unchanged: ids.length - changed } };
    },

    /** The file a badge gave as an answer, for download; 404 outside the caller's reach. */
    async openAnswerFile(actor: Actor, id: number, customFieldId: number) {
      const row = await getRow(actor, id);
      // The badge row carries its answers, files included.
      const file = row.customFieldValues.find((answer) => answer.customFieldId === customFieldId)?.file;
      if (!file) throw new NotFoundError('File');
      return files.openFile(db, file.id, row.eventId);
    },

    /** Deletes the badge with its answers, and its files' bytes once that has committed. */
    async deleteBadge(actor: Actor, id: number): Promise<void> {
      const before = await getRow(actor, id);
      await writeWithUploads(new Map(), () =>
        db.transaction(async (tx) => {
          if (before.status === 'active' && before.allocationId != null) await releaseAllocation(tx, before.allocationId);
          const obsolete = await deleteFiles(tx, await repo.deleteBadge(tx, id));
          await recordAudit(tx, actor, { action: 'delete', entityType: 'badge', entityId: id, eventId: before.eventId, exhibitorId: before.exhibitorId, before });
          return { result: undefined, obsolete };
        }),
      );
    },
  };
}

export type BadgesService = ReturnType<typeof createBadgesService>;
