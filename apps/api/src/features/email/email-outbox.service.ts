import type { ExportFormat } from '@portal/shared/exports';
import type { ListOutboxQuery, OutboxMessage } from '@portal/shared/email-outbox';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { exportFile, rowsInOrder, type ExportFile } from '../../lib/list-export';
import { listResult } from '../../lib/listing';
import { recordAudit } from '../audit/audit.repository';
import { scopeOf } from '../auth/scope';
import * as repo from './email.repository';
import { OUTBOX_EXPORT_COLUMNS } from './outbox-export';

/**
 * Purposes whose body carries no secret, so the outbox may show it. Everything else (invitations,
 * password resets, registration links, and any purpose added later) shows subject and recipient
 * only: an allow-list, so that a new mail with a link never leaks by default.
 */
const PURPOSES_WITH_READABLE_BODY: ReadonlySet<string> = new Set([
  'purchase-requested',
  'purchase-approved',
  'purchase-rejected',
  'purchase-paid',
  'purchase-refunded',
  'purchase-cancelled',
  'purchase-invoice-reissued',
  'purchase-late-payment',
  'invoice-copy',
  'credit-note-copy',
  'badge_confirmation',
  'email_template_test',
]);

function toMessage(row: repo.OutboxRow): OutboxMessage {
  return {
    ...row,
    textBody: PURPOSES_WITH_READABLE_BODY.has(row.purpose) ? row.textBody : null,
    attachments: (row.attachments ?? []).map((attachment) => attachment.fileName),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createEmailOutboxService({ db }: { db: Database }) {
  const filterFor = (actor: Actor) => repo.outboxScopeFilter(scopeOf(actor.principal));

  return {
    async listMessages(actor: Actor, query: ListOutboxQuery & { page: number; per_page: number }) {
      const { rows, total, estimated } = await repo.listOutbox(db, filterFor(actor), query as repo.OutboxFilter);
      return listResult(rows.map(toMessage), total, query, estimated);
    },

    /** Every message of the list's filters, scope and sort, as a streamed file. */
    async exportMessages(actor: Actor, filter: Omit<repo.OutboxFilter, 'page' | 'per_page'>, format: ExportFormat): Promise<ExportFile> {
      const ids = await repo.outboxIds(db, filterFor(actor), filter);
      return exportFile('Email outbox', format, OUTBOX_EXPORT_COLUMNS, rowsInOrder(ids, (batch) => repo.outboxByIds(db, batch)));
    },

    /** Sends an unsent message at the worker's next round instead of after its back-off. */
    async retryMessage(actor: Actor, id: number): Promise<OutboxMessage> {
      return db.transaction(async (tx) => {
        const message = await repo.findOutboxMessage(tx, id, filterFor(actor));
        if (!message) throw new NotFoundError('Message');
        if (!(await repo.makeDueNow(tx, id))) throw new ConflictError('This message is already sent');
        await recordAudit(tx, actor, {
          action: 'email_retry',
          entityType: 'email_outbox',
          entityId: id,
          eventId: message.eventId,
        });
        return toMessage((await repo.findOutboxMessage(tx, id, undefined))!);
      });
    },
  };
}

export type EmailOutboxService = ReturnType<typeof createEmailOutboxService>;
