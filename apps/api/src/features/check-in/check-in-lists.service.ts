import type { CheckInList, CheckInListBody } from '@portal/shared/check-in';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import {
  ConflictError,
  isForeignKeyViolation,
  NotFoundError,
  ValidationError,
  withUniqueConflict,
} from '../../lib/errors';
import { recordAudit } from '../audit/audit.repository';
import { mayReachEvent, organisedEvent } from './organiser-scope';
import * as repo from './check-in-lists.repository';

export function toCheckInList(row: repo.ListRow): CheckInList {
  return {
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    rules: row.rules,
    categoryIds: row.categoryIds,
    scansExits: row.scansExits,
    allowsReentry: row.allowsReentry,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Windows stored in one form (UTC, milliseconds), whatever offset they were given in. */
const withUtcWindows = (body: CheckInListBody): CheckInListBody => ({
  ...body,
  rules: body.rules.map((rule) => ({
    ...rule,
    windows: rule.windows.map((w) => ({ from: new Date(w.from).toISOString(), to: new Date(w.to).toISOString() })),
  })),
});

const nameTaken = () => new ConflictError('This event has a list of this name already', 'name');

/** The places badges are checked in at and their rules (docs/check-in.md, "Lists and rules"). */
export function createCheckInListsService({ db }: { db: Database }) {
  async function organisedList(actor: Actor, id: number) {
    const row = await repo.findList(db, id);
    if (!row || !mayReachEvent(actor, row.eventId)) throw new NotFoundError('Check-in list');
    await organisedEvent(db, actor, row.eventId);
    return row;
  }

  /** Refuses categories that are not badge categories of the event, each at its place in the body. */
  async function checkCategories(eventId: number, categoryIds: number[]) {
    const known = await repo.badgeCategoryIdsOfEvent(db, eventId, categoryIds);
    const details = categoryIds.flatMap((id, index) =>
      known.has(id) ? [] : [{ field: `categoryIds.${index}`, message: 'Not a badge category of this event' }],
    );
    if (details.length > 0) throw new ValidationError(details[0]!.message, details);
  }

  return {
    async list(actor: Actor, eventId: number): Promise<CheckInList[]> {
      await organisedEvent(db, actor, eventId);
      return (await repo.listLists(db, eventId)).map(toCheckInList);
    },

    async create(actor: Actor, eventId: number, body: CheckInListBody): Promise<CheckInList> {
      await organisedEvent(db, actor, eventId);
      await checkCategories(eventId, body.categoryIds);
      const row = await withUniqueConflict(
        () =>
          db.transaction(async (tx) => {
            const created = await repo.insertList(tx, eventId, withUtcWindows(body));
            await recordAudit(tx, actor, {
              action: 'create_check_in_list',
              entityType: 'check_in_list',
              entityId: created.id,
              eventId,
              after: toCheckInList(created),
            });
            return created;
          }),
        nameTaken,
        repo.LIST_NAME_KEY,
      );
      return toCheckInList(row);
    },

    /** Changes take effect on the devices at their next roster refresh; past scans keep their results. */
    async update(actor: Actor, id: number, body: CheckInListBody): Promise<CheckInList> {
      const found = await organisedList(actor, id);
      await checkCategories(found.eventId, body.categoryIds);
      const row = await withUniqueConflict(
        () =>
          db.transaction(async (tx) => {
            const before = await repo.lockList(tx, id);
            if (!before) throw new NotFoundError('Check-in list');
            const after = await repo.updateList(tx, id, withUtcWindows(body));
            await recordAudit(tx, actor, {
              action: 'update_check_in_list',
              entityType: 'check_in_list',
              entityId: id,
              eventId: after.eventId,
              before: toCheckInList(before),
              after: toCheckInList(after),
            });
            return after;
          }),
        nameTaken,
        repo.LIST_NAME_KEY,
      );
      return toCheckInList(row);
    },

    /** A list with scans keeps them: its log is the record of who came in, so it cannot be deleted. */
    async remove(actor: Actor, id: number): Promise<void> {
      await organisedList(actor, id);
      const inUse = () =>
        new ConflictError(
          'Badges have been scanned at this list, so it is kept as the record of them. Remove it from the devices instead.',
        );
      try {
        await db.transaction(async (tx) => {
          const before = await repo.lockList(tx, id);
          if (!before) throw new NotFoundError('Check-in list');
          if (await repo.hasCheckIns(tx, id)) throw inUse();
          await repo.deleteList(tx, id);
          await recordAudit(tx, actor, {
            action: 'delete_check_in_list',
            entityType: 'check_in_list',
            entityId: id,
            eventId: before.eventId,
            before: toCheckInList(before),
          });
        });
      } catch (error) {
        // A scan recorded between the check and the delete: the log's foreign key refuses the delete.
        if (isForeignKeyViolation(error)) throw inUse();
        throw error;
      }
    },
  };
}

export type CheckInListsService = ReturnType<typeof createCheckInListsService>;
