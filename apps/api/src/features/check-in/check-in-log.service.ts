import type { Readable } from 'node:stream';
import type { CheckInFigures, CheckInLogEntry, CheckInLogQuery } from '@portal/shared/check-in';
import type { ListMeta } from '@portal/shared/common';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { listResult, pageWindow, totalFromCapped } from '../../lib/listing';
import { checkIns } from '../../db/schema/check-in';
import { organisedEvent } from './organiser-scope';
import { checkInsCsv, checkInsXlsx } from './check-in-export';
import { checkInFigures } from './check-in-figures';
import * as repo from './check-in-log.repository';

export type CheckInsFile = { fileName: string; content: Readable };

/** The check-in log (every scan of the event, filtered, a page at a time or as a file) and the figures drawn from it. */
export function createCheckInLogService({ db }: { db: Database }) {
  return {
    async list(
      actor: Actor,
      eventId: number,
      query: CheckInLogQuery,
    ): Promise<{ data: CheckInLogEntry[]; meta: ListMeta }> {
      await organisedEvent(db, actor, eventId);
      const where = repo.logConditions(eventId, query);
      const { limit, offset } = pageWindow(query);
      const [rows, capped] = await Promise.all([repo.logPage(db, where, limit, offset), repo.countLog(db, where)]);
      const { total, estimated } = await totalFromCapped(db, checkIns, where, capped);
      return listResult(rows, total, query, estimated);
    },

    /** The same rows as a spreadsheet, streamed in batches; times in the event's time zone. */
    async export(actor: Actor, eventId: number, query: repo.LogFilter, format: 'csv' | 'xlsx'): Promise<CheckInsFile> {
      const event = await organisedEvent(db, actor, eventId);
      const entries = repo.allEntries(db, repo.logConditions(eventId, query));
      return {
        fileName: `check-ins-event-${eventId}.${format}`,
        content: format === 'csv' ? checkInsCsv(entries, event.timezone) : checkInsXlsx(entries, event.timezone),
      };
    },

    async figures(actor: Actor, eventId: number, hours: number): Promise<CheckInFigures> {
      const event = await organisedEvent(db, actor, eventId);
      return checkInFigures(db, event, hours, new Date());
    },
  };
}

export type CheckInLogService = ReturnType<typeof createCheckInLogService>;
