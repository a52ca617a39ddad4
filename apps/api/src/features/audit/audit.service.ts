import type { Readable } from 'node:stream';
import {
  HISTORY_RECORDS,
  type AuditFilter,
  type AuditQuery,
  type HistoryRecord,
  type RecordHistoryQuery,
} from '@portal/shared/audit';
import { AUTH_MESSAGES } from '@portal/shared/auth';
import { hasPermissions, type Permission } from '@portal/shared/permissions';
import { and, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { ForbiddenError } from '../../lib/errors';
import type { AllocationsService } from '../allocations/allocations.service';
import type { AllocationPurchasesService } from '../allocation-purchases/allocation-purchases.service';
import { scopeOf } from '../auth/scope';
import type { BadgesService } from '../badges/badges.service';
import type { EmailTemplatesService } from '../email-templates/email-templates.service';
import type { EventsService } from '../events/events.service';
import type { ExhibitorsService } from '../exhibitors/exhibitors.service';
import type { InvoicesService } from '../invoices/invoices.service';
import type { SubAccountsService } from '../sub-accounts/sub-accounts.service';
import { auditCsv, auditXlsx } from './audit-export';
import * as repo from './audit.repository';

/** The features whose read checks decide who may see a record's history. */
export type RecordReaders = {
  events: EventsService;
  exhibitors: ExhibitorsService;
  subAccounts: SubAccountsService;
  badges: BadgesService;
  allocations: AllocationsService;
  allocationPurchases: AllocationPurchasesService;
  invoices: InvoicesService;
  emailTemplates: EmailTemplatesService;
};

/**
 * Per record with a History tab: the permission its own page asks (any of them) and its own read,
 * which answers 404 for a record outside the caller's reach. The history route runs the same check,
 * so whoever cannot see the record cannot see its history either.
 */
function historyReaders(
  readers: RecordReaders,
): Record<HistoryRecord, { permissions: Permission[]; read: (actor: Actor, id: number) => Promise<unknown> }> {
  return {
    event: { permissions: ['view_events'], read: (actor, id) => readers.events.getEvent(actor, id) },
    exhibitor: { permissions: ['view_exhibitors'], read: (actor, id) => readers.exhibitors.getExhibitor(actor, id) },
    'sub-account': {
      permissions: ['view_sub_accounts'],
      read: (actor, id) => readers.subAccounts.getSubAccount(actor, id),
    },
    badge: {
      permissions: ['view_exhibitor_users', 'view_users'],
      read: (actor, id) => readers.badges.getBadge(actor, id),
    },
    allocation: { permissions: ['view_allocation'], read: (actor, id) => readers.allocations.getAllocation(actor, id) },
    purchase: {
      permissions: ['view_allocation_purchase'],
      read: (actor, id) => readers.allocationPurchases.getPurchase(actor, id),
    },
    invoice: { permissions: ['view_allocation_purchase'], read: (actor, id) => readers.invoices.getInvoice(actor, id) },
    template: {
      permissions: ['view_email_templates'],
      read: (actor, id) => readers.emailTemplates.getTemplate(actor, id),
    },
  };
}

/**
 * The part of the log a caller reaches: all of it globally, its event's entries within an event,
 * and for an exhibitor and its sub-accounts only the entries about the exhibitor's own records.
 */
function reachOf(actor: Actor): repo.AuditReach {
  const scope = scopeOf(actor.principal);
  if (scope.kind === 'global') return {};
  if (scope.kind === 'event') return { eventId: scope.eventId };
  return { exhibitorId: scope.exhibitorId };
}

export type AuditFile = { fileName: string; content: Readable };

export function createAuditService({ db, readers }: { db: Database; readers: RecordReaders }) {
  const records = historyReaders(readers);

  /** A page of the log as the API's JSON answer (see `auditPageJson`). */
  const page = (where: SQL | undefined, query: { before?: number; per_page: number }) =>
    repo.auditPageJson(db, where, query);

  return {
    /** The log with the caller's filters, within its reach, newest first. */
    list(actor: Actor, query: AuditQuery): Promise<string> {
      return page(repo.auditConditions(query, reachOf(actor)), query);
    },

    /** The same entries as a file, streamed in batches. */
    export(actor: Actor, filter: AuditFilter, format: 'csv' | 'xlsx'): AuditFile {
      const entries = repo.allEntries(db, repo.auditConditions(filter, reachOf(actor)));
      const stamp = new Date().toISOString().slice(0, 10);
      return {
        fileName: `history-${stamp}.${format}`,
        content: format === 'csv' ? auditCsv(entries) : auditXlsx(entries),
      };
    },

    /**
     * One record's history, for whoever may read the record. An exhibitor's history is every entry
     * about its records (its badges, allocations, purchases and refunds, sub-accounts), which is what
     * answers where its places went; other records list the entries naming them.
     */
    async recordHistory(actor: Actor, kind: HistoryRecord, id: number, query: RecordHistoryQuery): Promise<string> {
      const record = records[kind];
      const scope = scopeOf(actor.principal);
      // An exhibitor reads its own account's history (where its places went) without reading exhibitors at large.
      const ownAccount = kind === 'exhibitor' && scope.kind === 'exhibitor' && scope.exhibitorId === id;
      if (!ownAccount) {
        if (!hasPermissions(actor.principal.permissions, { permissions: record.permissions, mode: 'any' })) {
          throw new ForbiddenError(AUTH_MESSAGES.forbidden);
        }
        await record.read(actor, id);
      }
      const own =
        kind === 'exhibitor'
          ? repo.auditConditions({ exhibitorId: id }, {})
          : repo.recordConditions(HISTORY_RECORDS[kind], id);
      // The caller's reach besides: an exhibitor's staff see the entries about their own exhibitor's records only.
      return page(and(own, repo.auditConditions({}, reachOf(actor))), query);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
