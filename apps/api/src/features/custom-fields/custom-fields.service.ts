import { visibleBadgeTypes } from '@portal/shared/badge-categories';
import type { FieldError } from '@portal/shared/common';
import {
  customFieldsDocumentSchema,
  CUSTOM_FIELD_TYPE_LABELS,
  definitionIssues,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  fieldKeyFromLabel,
  LEAD_QUESTION_TYPES,
  type CustomField,
  type CustomFieldsDocument,
  type CustomFieldType,
  type ExportedCustomField,
  type ImportReport,
  type ListCustomFieldsQuery,
  type PublicCustomField,
} from '@portal/shared/custom-fields';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, withUniqueConflict } from '../../lib/errors';
import { listResult } from '../../lib/listing';
import { recordAudit } from '../audit/audit.repository';
import type { Principal } from '../auth/principal';
import { scopeEventId, scopeOf } from '../auth/scope';
import { categoryScopeFilter } from '../badge-categories/badge-categories.repository';
import { badgeCountFilterFor } from '../badges/badges.repository';
import * as repo from './custom-fields.repository';

type Definition = Omit<repo.FieldValues, 'eventId' | 'key'> & { key?: string };
type UpdateInput = Partial<Omit<repo.FieldValues, 'eventId' | 'entityType'>>;
type ImportInput = {
  eventId: number;
  document: unknown;
  categoryMapping: Record<string, number | null>;
  onConflict: 'skip' | 'replace';
};

function toField(row: repo.FieldRow): CustomField {
  return {
    ...row,
    entityType: row.entityType as CustomField['entityType'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toPublicField(row: repo.FieldRow): PublicCustomField {
  const { id, label, key, type, options, required, helpText, validation, sortOrder } = row;
  return { id, label, key, type, options, required, helpText, validation, sortOrder };
}

/**
 * What a caller reads: the organiser's badge fields with the view or manage permission; its own
 * exhibitor's lead questions with scan_leads (an exhibitor and its sub-accounts alike).
 */
function reachOf(principal: Principal): repo.FieldReach {
  const scope = scopeOf(principal);
  const exhibitorId = scope.kind === 'exhibitor' || scope.kind === 'sub-account' ? scope.exhibitorId : null;
  return {
    badges: principal.permissions.has('view_custom_fields') || principal.permissions.has('manage_custom_fields'),
    leadsOf: principal.permissions.has('scan_leads') ? exhibitorId : null,
  };
}

const fieldFilterFor = (principal: Principal) =>
  repo.fieldScopeFilter(scopeOf(principal), visibleBadgeTypes(principal.permissions, principal.type), reachOf(principal));
const categoryFilterFor = (principal: Principal) =>
  categoryScopeFilter(scopeOf(principal), visibleBadgeTypes(principal.permissions, principal.type));

function definitionError(issues: { path: string; message: string }[], prefix = ''): ValidationError {
  const details = issues.map((issue) => ({ field: prefix + issue.path, message: issue.message }));
  return new ValidationError(details.length === 1 ? `${details[0]!.field}: ${details[0]!.message}` : 'Some fields are not valid', details);
}

/** The key's first free `_2`, `_3`… variant among the event's keys. */
function freeKey(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base.slice(0, 58)}_${n}`)) n += 1;
  return `${base.slice(0, 58)}_${n}`;
}

const keyConflict = (entityType: string) =>
  new ConflictError(entityType === 'lead' ? 'Another of your lead questions already uses this key' : 'Another field on the same badges already uses this key', 'key');

const LEAD_QUESTION_TYPE_LIST = LEAD_QUESTION_TYPES.map((type) => CUSTOM_FIELD_TYPE_LABELS[type].toLowerCase()).join(', ');

/**
 * Badge fields are the organiser's to write (manage_custom_fields). Lead questions are written by
 * the exhibitor's own account holding scan_leads, for its event; its sub-accounts read them, so that
 * what the whole team asks at the booth stays one person's choice. Answers where to write, or 403.
 */
function leadQuestionOwner(actor: Actor): { exhibitorId: number; eventId: number } {
  const scope = scopeOf(actor.principal);
  if (!actor.principal.permissions.has('scan_leads')) throw new ForbiddenError();
  if (scope.kind !== 'exhibitor') throw new ForbiddenError('Lead questions are set by the exhibitor’s own account; its team reads them');
  return { exhibitorId: scope.exhibitorId, eventId: scope.eventId };
}

function requireBadgeFieldWriter(actor: Actor) {
  if (!actor.principal.permissions.has('manage_custom_fields')) throw new ForbiddenError();
}

/** What a lead question may not be: a file or another type the booth does not ask, a category's, private. */
function leadQuestionIssues(field: { type?: CustomFieldType; badgeCategoryId?: number | null; isPrivate?: boolean }) {
  const issues: { path: string; message: string }[] = [];
  if (field.type !== undefined && !(LEAD_QUESTION_TYPES as readonly string[]).includes(field.type)) {
    issues.push({ path: 'type', message: `A lead question is one of: ${LEAD_QUESTION_TYPE_LIST}` });
  }
  if (field.badgeCategoryId != null) issues.push({ path: 'badgeCategoryId', message: 'A lead question belongs to the exhibitor, not to a badge category' });
  if (field.isPrivate) issues.push({ path: 'isPrivate', message: 'A lead question is the exhibitor’s own: there is nothing to keep private from it' });
  return issues;
}

export function createCustomFieldsService({ db }: { db: Database }) {
  async function getInScope(actor: Actor, id: number) {
    const row = await repo.findField(db, id, fieldFilterFor(actor.principal));
    if (!row) throw new NotFoundError('Custom field');
    return row;
  }

  /** The event of a request: one the actor reaches, else 404 as for any record out of scope. */
  async function eventInScope(actor: Actor, eventId: number, conn: Database = db): Promise<{ id: number; name: string }> {
    const name = await repo.findEventName(conn, eventId, scopeOf(actor.principal));
    if (name === undefined) throw new NotFoundError('Event');
    return { id: eventId, name };
  }

  /** A badge category of the field's event; one out of the actor's reach is not found. */
  async function categoryForField(actor: Actor, eventId: number, categoryId: number | null, field = 'badgeCategoryId') {
    if (categoryId == null) return null;
    const category = await repo.findCategory(db, categoryId, categoryFilterFor(actor.principal));
    if (!category) throw new NotFoundError('Badge category');
    if (category.eventId !== eventId) throw ValidationError.field(field, 'This category belongs to another event');
    if (category.type !== 'badge') throw ValidationError.field(field, 'Custom fields belong to badge categories, not add-ons');
    return category;
  }

  const saveConflicts = <T>(entityType: string, write: () => Promise<T>) =>
    withUniqueConflict(write, () => keyConflict(entityType));

  /** A caller may write a field it reaches when it may write fields of its kind. */
  function requireWriter(actor: Actor, field: { entityType: string }) {
    if (field.entityType === 'lead') leadQuestionOwner(actor);
    else requireBadgeFieldWriter(actor);
  }

  /** The ids a mapping points to, checked to be badge categories of the target event in reach. */
  async function importTargets(tx: Database, actor: Actor, eventId: number, mapping: Record<string, number | null>, document: CustomFieldsDocument) {
    const categories = await repo.listEventCategories(tx, eventId, categoryFilterFor(actor.principal));
    const badgeCategories = categories.filter((category) => category.type === 'badge');
    const refs = new Set(document.categories.map((category) => category.ref));
    const errors: FieldError[] = [];
    for (const [ref, target] of Object.entries(mapping)) {
      const field = `categoryMapping.${ref}`;
      if (!refs.has(ref)) errors.push({ field, message: 'No such category in the file' });
      else if (target != null && !badgeCategories.some((category) => category.id === target)) {
        errors.push({ field, message: 'Choose a badge category of this event' });
      }
    }
    if (errors.length) throw new ValidationError(errors.length === 1 ? errors[0]!.message : 'Some category choices are not valid', errors);
    return badgeCategories;
  }

  /**
   * What an import would do with each field of the file, against the target event as it is now
   * (read through `tx` when importing, so that the plan and the writes see the same rows).
   */
  async function planImport(tx: Database, actor: Actor, input: ImportInput) {
    await eventInScope(actor, input.eventId, tx);
    const document = readDocument(input.document);
    const categories = await importTargets(tx, actor, input.eventId, input.categoryMapping, document);
    // Every field of the event, seen or not: a key must not meet any of them.
    const existing = await repo.listEventFields(tx, input.eventId);
    const categoryNames = new Map(document.categories.map((category) => [category.ref, category.name]));
    // A Map, so that a reference such as `constructor` finds no inherited property.
    const mapping = new Map(Object.entries(input.categoryMapping));

    type Planned = ImportReport['fields'][number] & { source: ExportedCustomField; replaces?: repo.FieldRow };
    const placed: { badgeCategoryId: number | null; entityType: string; key: string }[] = [];
    const meets = (a: { badgeCategoryId: number | null; entityType: string; key: string }, b: typeof a) =>
      a.key === b.key && a.entityType === b.entityType && (a.badgeCategoryId == null || b.badgeCategoryId == null || a.badgeCategoryId === b.badgeCategoryId);

    return document.fields.map((source, index): Planned => {
      const entry = { index, key: source.key, label: source.label, categoryRef: source.categoryRef, source, customFieldId: null };
      let badgeCategoryId: number | null = null;
      if (source.categoryRef != null) {
        const ref = source.categoryRef;
        const name = categoryNames.get(ref) ?? ref;
        if (mapping.has(ref)) {
          badgeCategoryId = mapping.get(ref) ?? null;
          if (badgeCategoryId == null) return { ...entry, badgeCategoryId, action: 'skip' as const, reason: `Fields of “${name}” are left out` };
        } else {
          // Unmapped categories go to the target's category of the same name, when there is one.
          const match = categories.find((category) => category.name.toLowerCase() === name.toLowerCase());
          if (!match) return { ...entry, badgeCategoryId, action: 'skip' as const, reason: `No category of this event matches “${name}”; choose one` };
          badgeCategoryId = match.id;
        }
      }
      const place = { badgeCategoryId, entityType: source.entityType, key: source.key };
      if (placed.some((other) => meets(other, place))) {
        return { ...entry, badgeCategoryId, action: 'skip' as const, reason: 'An earlier field of this file takes this key on the same badges' };
      }
      const clashes = existing.filter((field) => meets(field, place));
      if (clashes.length === 0) {
        placed.push(place);
        return { ...entry, badgeCategoryId, action: 'create' as const, reason: null };
      }
      const same = clashes.length === 1 && clashes[0]!.badgeCategoryId === badgeCategoryId ? clashes[0]! : undefined;
      if (input.onConflict === 'skip' || !same) {
        const reason = same ? 'A field with this key exists' : 'A field with this key applies to the same badges in another group';
        return { ...entry, badgeCategoryId, action: 'skip' as const, reason };
      }
      if (same.type !== source.type && same.answerCount > 0) {
        return { ...entry, badgeCategoryId, action: 'skip' as const, reason: 'The existing field has answers; its type cannot change' };
      }
      placed.push(place);
      return { ...entry, badgeCategoryId, action: 'update' as const, reason: 'Replaces the existing field', customFieldId: same.id, replaces: same };
    });
  }

  function reportOf(plan: Awaited<ReturnType<typeof planImport>>): ImportReport {
    const fields = plan.map(({ index, key, label, categoryRef, badgeCategoryId, action, reason, customFieldId }) => ({
      index,
      key,
      label,
      categoryRef,
      badgeCategoryId,
      action,
      reason,
      customFieldId,
    }));
    const count = (action: string) => fields.filter((field) => field.action === action).length;
    return { created: count('create'), updated: count('update'), skipped: count('skip'), fields };
  }

  return {
    async listFields(actor: Actor, query: ListCustomFieldsQuery) {
      // A scoped caller asking for another event's fields gets an empty list, as for any filter.
      const { rows, total } = await repo.listFields(db, fieldFilterFor(actor.principal), query, badgeCountFilterFor(actor.principal));
      return listResult(rows.map(toField), total, query);
    },

    /** Its `answerCount` counts answers of the badges the caller reaches; rules use the event's count. */
    async getField(actor: Actor, id: number): Promise<CustomField> {
      const row = await repo.findField(db, id, fieldFilterFor(actor.principal), badgeCountFilterFor(actor.principal));
      if (!row) throw new NotFoundError('Custom field');
      return toField(row);
    },

    async createField(actor: Actor, body: Definition & { eventId: number }): Promise<CustomField> {
      const entityType = body.entityType ?? 'badge';
      const badgeCategoryId = body.badgeCategoryId ?? null;
      let exhibitorId: number | null = null;
      if (entityType === 'lead') {
        const owner = leadQuestionOwner(actor);
        if (body.eventId !== owner.eventId) throw new NotFoundError('Event');
        const issues = leadQuestionIssues(body);
        if (issues.length) throw definitionError(issues);
        exhibitorId = owner.exhibitorId;
      } else {
        requireBadgeFieldWriter(actor);
        await eventInScope(actor, body.eventId);
        await categoryForField(actor, body.eventId, badgeCategoryId);
      }
      const place = { eventId: body.eventId, badgeCategoryId, entityType, exhibitorId };
      let key = body.key;
      if (key) {
        if ((await repo.fieldsSharingKey(db, { ...place, key })).length) throw keyConflict(entityType);
      } else {
        const base = fieldKeyFromLabel(body.label);
        key = freeKey(base, new Set(await repo.keysLike(db, place, base)));
      }
      const values: repo.FieldValues = { ...body, key, entityType, badgeCategoryId, exhibitorId };
      const id = await saveConflicts(entityType, () =>
        db.transaction(async (tx) => {
          const [fieldId] = await repo.insertFields(tx, [values]);
          await recordAudit(tx, actor, { action: 'create', entityType: 'custom_field', entityId: fieldId, eventId: body.eventId, after: values });
          return fieldId!;
        }),
      );
      return this.getField(actor, id);
    },

    async updateField(actor: Actor, id: number, body: UpdateInput): Promise<CustomField> {
      const before = await getInScope(actor, id);
      requireWriter(actor, before);
      const merged = { ...before, ...body };
      const issues = [
        ...(before.entityType === 'lead' ? leadQuestionIssues(body) : []),
        ...definitionIssues({ type: merged.type, options: merged.options ?? [], validation: merged.validation ?? {} }),
      ];
      if (issues.length) throw definitionError(issues);
      if (body.type !== undefined && body.type !== before.type && before.answerCount > 0) {
        throw new ConflictError('This field has answers; its type cannot change', 'type');
      }
      if (body.badgeCategoryId !== undefined && body.badgeCategoryId !== before.badgeCategoryId) {
        if (before.answerCount > 0) {
          throw new ConflictError('This field has answers; it cannot move to other badges', 'badgeCategoryId');
        }
        await categoryForField(actor, before.eventId, body.badgeCategoryId ?? null);
      }
      const place = {
        eventId: before.eventId,
        badgeCategoryId: merged.badgeCategoryId ?? null,
        entityType: before.entityType,
        exhibitorId: before.exhibitorId,
        key: merged.key,
      };
      if ((body.key !== undefined || body.badgeCategoryId !== undefined) && (await repo.fieldsSharingKey(db, place, id)).length) {
        throw keyConflict(before.entityType);
      }
      await saveConflicts(before.entityType, () =>
        db.transaction(async (tx) => {
          await repo.updateField(tx, id, body);
          await recordAudit(tx, actor, { action: 'update', entityType: 'custom_field', entityId: id, eventId: before.eventId, before, after: body });
        }),
      );
      return this.getField(actor, id);
    },

    /** A field with answers stays: switching it off keeps them and hides it from forms. */
    async deleteField(actor: Actor, id: number): Promise<void> {
      const before = await getInScope(actor, id);
      requireWriter(actor, before);
      if (before.answerCount > 0) {
        throw new ConflictError('This field has answers; switch it off instead of deleting it');
      }
      await db.transaction(async (tx) => {
        await repo.deleteField(tx, id);
        await recordAudit(tx, actor, { action: 'delete', entityType: 'custom_field', entityId: id, eventId: before.eventId, before });
      });
    },

    /**
     * Sets the positions of one group (the event-wide fields, one category's, or the caller's lead
     * questions): all of them, in the order given.
     */
    async reorderFields(
      actor: Actor,
      body: { eventId: number; badgeCategoryId: number | null; entityType: 'badge' | 'lead'; ids: number[] },
    ): Promise<CustomField[]> {
      let place: repo.FieldPlace;
      if (body.entityType === 'lead') {
        const owner = leadQuestionOwner(actor);
        if (body.eventId !== owner.eventId) throw new NotFoundError('Event');
        const issues = leadQuestionIssues(body);
        if (issues.length) throw definitionError(issues);
        place = { eventId: body.eventId, badgeCategoryId: null, entityType: 'lead', exhibitorId: owner.exhibitorId };
      } else {
        requireBadgeFieldWriter(actor);
        await eventInScope(actor, body.eventId);
        await categoryForField(actor, body.eventId, body.badgeCategoryId);
        place = { eventId: body.eventId, badgeCategoryId: body.badgeCategoryId, entityType: 'badge', exhibitorId: null };
      }
      const group = new Set((await repo.listGroupFields(db, place)).map((field) => field.id));
      if (body.ids.length !== group.size || body.ids.some((id) => !group.has(id))) {
        throw ValidationError.field('ids', `Give each of this group’s ${group.size} field(s) once, and no other`);
      }
      await db.transaction(async (tx) => {
        await repo.setPositions(tx, body.ids);
        await recordAudit(tx, actor, {
          action: 'reorder',
          entityType: 'custom_field',
          eventId: body.eventId,
          after: { badgeCategoryId: body.badgeCategoryId, entityType: body.entityType, ids: body.ids },
        });
      });
      return (await repo.listGroupFields(db, place, badgeCountFilterFor(actor.principal))).map(toField);
    },

    /** Active and inactive fields that apply to a category (its own, then the event-wide ones), in form order. */
    async listCategoryFields(actor: Actor, categoryId: number, query: { entityType?: string }): Promise<CustomField[]> {
      const category = await repo.findCategory(db, categoryId, categoryFilterFor(actor.principal));
      if (!category) throw new NotFoundError('Badge category');
      return (await repo.listCategoryFields(db, category, { entityType: query.entityType }, badgeCountFilterFor(actor.principal))).map(toField);
    },

    /**
     * The active fields of a registration form, for anyone: only for active badge categories of
     * events that are not archived, and only what the form needs.
     */
    async listRegistrationFields(categoryId: number, query: { entityType: string }): Promise<PublicCustomField[]> {
      const category = await repo.findRegistrationCategory(db, categoryId);
      if (!category) throw new NotFoundError('Badge category');
      return (await repo.listCategoryFields(db, category, { entityType: query.entityType, activeOnly: true })).map(toPublicField);
    },

    async exportFields(actor: Actor, query: { eventId?: number }): Promise<CustomFieldsDocument> {
      const eventId = query.eventId ?? scopeEventId(scopeOf(actor.principal));
      if (eventId == null) throw ValidationError.field('eventId', 'Choose the event to export');
      const event = await eventInScope(actor, eventId);
      const fields = await repo.listEventFields(db, eventId, fieldFilterFor(actor.principal));
      const categories = await repo.listEventCategories(db, eventId, undefined);
      const used = categories.filter((category) => fields.some((field) => field.badgeCategoryId === category.id));
      const refOf = new Map(used.map((category, index) => [category.id, `category-${index + 1}`]));
      const document: CustomFieldsDocument = {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exportedAt: new Date().toISOString(),
        event: { name: event.name },
        categories: used.map((category) => ({ ref: refOf.get(category.id)!, name: category.name, badgeType: category.badgeType })),
        fields: fields.map((field) => ({
          categoryRef: field.badgeCategoryId == null ? null : refOf.get(field.badgeCategoryId)!,
          entityType: field.entityType as ExportedCustomField['entityType'],
          label: field.label,
          key: field.key,
          type: field.type,
          options: field.options,
          required: field.required,
          isActive: field.isActive,
          isPrivate: field.isPrivate,
          sortOrder: field.sortOrder,
          helpText: field.helpText,
          validation: field.validation,
        })),
      };
      return document;
    },

    async previewImport(actor: Actor, input: ImportInput): Promise<ImportReport> {
      return reportOf(await planImport(db, actor, input));
    },

    /** Creates and replaces fields as the preview said, all in one transaction. */
    async importFields(actor: Actor, input: ImportInput): Promise<ImportReport> {
      return saveConflicts('badge', () =>
        db.transaction(async (tx) => {
          const plan = await planImport(tx, actor, input);
          const definitionOf = (source: ExportedCustomField) => ({
            label: source.label,
            type: source.type as CustomFieldType,
            options: source.options,
            required: source.required,
            isActive: source.isActive,
            isPrivate: source.isPrivate,
            sortOrder: source.sortOrder,
            helpText: source.helpText,
            validation: source.validation,
          });
          const creations = plan.filter((entry) => entry.action === 'create');
          const values = creations.map((entry) => ({
            ...definitionOf(entry.source),
            eventId: input.eventId,
            badgeCategoryId: entry.badgeCategoryId,
            entityType: entry.source.entityType,
            key: entry.source.key,
          }));
          const ids = await repo.insertFields(tx, values);
          creations.forEach((entry, i) => (entry.customFieldId = ids[i]!));
          for (const [i, id] of ids.entries()) {
            await recordAudit(tx, actor, { action: 'import', entityType: 'custom_field', entityId: id, eventId: input.eventId, after: values[i] });
          }
          for (const entry of plan) {
            if (entry.action !== 'update') continue;
            const after = definitionOf(entry.source);
            await repo.updateField(tx, entry.customFieldId!, after);
            await recordAudit(tx, actor, {
              action: 'import',
              entityType: 'custom_field',
              entityId: entry.customFieldId,
              eventId: input.eventId,
              before: entry.replaces,
              after,
            });
          }
          return reportOf(plan);
        }),
      );
    },
  };
}

/**
 * The import document, or a 400 that says what is wrong with it: not an export of this portal,
 * made by a newer version, or damaged (with the path of each problem).
 */
function readDocument(document: unknown): CustomFieldsDocument {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw ValidationError.field('document', 'The file is not a custom-fields export: expected a JSON object');
  }
  const { format, version } = document as { format?: unknown; version?: unknown };
  if (format !== EXPORT_FORMAT) {
    throw ValidationError.field('document.format', 'The file is not a custom-fields export of the Exhibitor Portal');
  }
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw ValidationError.field('document.version', 'The file has no valid format version');
  }
  if (version > EXPORT_VERSION) {
    throw ValidationError.field(
      'document.version',
      `The file was exported by a newer version of the portal (format ${version}); this one reads format ${EXPORT_VERSION}`,
    );
  }
  const parsed = customFieldsDocumentSchema.safeParse(document);
  if (!parsed.success) throw documentError(parsed.error);
  return parsed.data;
}

function documentError(error: z.ZodError): ValidationError {
  const details = error.issues.slice(0, 50).map((issue) => ({ field: ['document', ...issue.path].join('.'), message: issue.message }));
  return new ValidationError(`The file is damaged: ${details[0]!.field}: ${details[0]!.message}`, details);
}

export type CustomFieldsService = ReturnType<typeof createCustomFieldsService>;
