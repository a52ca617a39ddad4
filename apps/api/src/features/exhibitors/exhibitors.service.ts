import type { Exhibitor, ListExhibitorsQuery } from '@portal/shared/exhibitors';
import type { ExportFormat } from '@portal/shared/exports';
import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { badges } from '../../db/schema/badges';
import { roles } from '../../db/schema/roles';
import type { Actor } from '../../lib/actor';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { exportFile, rowsInOrder, type ExportFile } from '../../lib/list-export';
import { listJson } from '../../lib/listing';
import { assertEmailFree, withEmailConflict } from '../admins/account-email';
import * as admins from '../admins/admins.repository';
import { deleteAccountsUnlessRecords } from '../allocation-purchases/financial-records';
import { recordAudit } from '../audit/audit.repository';
import { queueInvitation, renewInvitation } from '../auth/invitations';
import { hashPassword } from '../auth/passwords';
import { scopeOf, type Scope } from '../auth/scope';
import { findCompany, insertCompany } from '../companies/companies.repository';
import { findEventInScope } from '../events/events.repository';
import { deleteAnswerFilesOfBadges } from '../files/files.repository';
import type { FilesService } from '../files/files.service';
import { EXHIBITOR_EXPORT_COLUMNS } from './exhibitor-export';
import * as repo from './exhibitors.repository';

export type NewExhibitor = {
  eventId: number;
  companyName?: string | null;
  companyId?: number | null;
  firstName: string;
  lastName: string;
  email: string;
  password?: string;
} & repo.ProfileValues;

export function toExhibitor(row: repo.ExhibitorRow): Exhibitor {
  return {
    ...row,
    name: `${row.firstName} ${row.lastName}`,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function exhibitorRoleId(db: Database): Promise<number> {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, SYSTEM_ROLE_NAMES.exhibitor), eq(roles.isSystem, true)));
  return role!.id;
}

/**
 * Writes a new exhibitor: its company (new, or an existing one), its account with the Exhibitor
 * role, its profile, and its password or an invitation to choose one. Runs inside the caller's
 * transaction; the registration-link flow uses it too.
 */
export async function insertExhibitor(
  tx: Database,
  body: NewExhibitor,
  context: { scope: Scope; publicUrl: string },
): Promise<number> {
  let companyId = body.companyId ?? null;
  const company = companyId != null ? await findCompany(tx, companyId, context.scope) : undefined;
  if (companyId != null && !company) throw ValidationError.field('companyId', 'Company not found');
  if (companyId == null) {
    companyId = await insertCompany(tx, {
      name: body.companyName!,
      website: body.website ?? null,
      country: null,
      vatNumber: null,
      address: null,
      eventId: body.eventId,
    });
  }
  const adminId = await admins.insertAdmin(tx, {
    email: body.email,
    passwordHash: body.password ? await hashPassword(body.password) : null,
    firstName: body.firstName,
    lastName: body.lastName,
    eventId: body.eventId,
    exhibitorId: null,
    companyId,
  });
  await admins.setAdminRoles(tx, adminId, [await exhibitorRoleId(tx)]);
  await repo.upsertProfile(tx, adminId, {
    booth: body.booth ?? null,
    hall: body.hall ?? null,
    phone: body.phone ?? null,
    website: body.website ?? null,
    profile: body.profile ?? null,
  });
  if (!body.password) {
    await queueInvitation(
      tx,
      {
        adminId,
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        companyName: company?.name ?? body.companyName ?? null,
        eventId: body.eventId,
        exhibitorId: adminId,
      },
      context.publicUrl,
    );
  }
  return adminId;
}

export function createExhibitorsService({ db, publicUrl, files }: { db: Database; publicUrl: string; files: FilesService }) {
  async function getInScope(actor: Actor, id: number) {
    const row = await repo.findExhibitor(db, id, scopeOf(actor.principal));
    if (!row) throw new NotFoundError('Exhibitor');
    return row;
  }

  return {
    async listExhibitors(actor: Actor, query: ListExhibitorsQuery) {
      const { items, total, estimated } = await repo.listExhibitors(db, scopeOf(actor.principal), query);
      return listJson(items, total, query, estimated);
    },

    /** Every exhibitor of the list's filter, scope and sort, as a streamed file. */
    async exportExhibitors(actor: Actor, filter: repo.ExhibitorFilter, format: ExportFormat): Promise<ExportFile> {
      const ids = await repo.exhibitorIds(db, scopeOf(actor.principal), filter);
      return exportFile('Exhibitors', format, EXHIBITOR_EXPORT_COLUMNS, rowsInOrder(ids, (batch) => repo.exhibitorsByIds(db, batch)));
    },

    async getExhibitor(actor: Actor, id: number): Promise<Exhibitor> {
      return toExhibitor(await getInScope(actor, id));
    },

    async createExhibitor(actor: Actor, body: NewExhibitor): Promise<Exhibitor> {
      const scope = scopeOf(actor.principal);
      const event = await findEventInScope(db, body.eventId, scope);
      if (!event) throw ValidationError.field('eventId', 'Event not found');
      await assertEmailFree(db, body.email);
      const id = await withEmailConflict(() =>
        db.transaction(async (tx) => {
          const adminId = await insertExhibitor(tx, body, { scope, publicUrl });
          const { password: _password, ...after } = body;
          await recordAudit(tx, actor, {
            action: 'create',
            entityType: 'exhibitor',
            entityId: adminId,
            eventId: body.eventId,
            after,
          });
          return adminId;
        }),
      );
      return this.getExhibitor(actor, id);
    },

    /** Sends a new invitation to an exhibitor that has not chosen its password; older links stop working. */
    async resendInvitation(actor: Actor, id: number): Promise<void> {
      const exhibitor = await getInScope(actor, id);
      if (exhibitor.hasPassword) throw new ConflictError('This exhibitor has already chosen a password');
      await db.transaction(async (tx) => {
        await renewInvitation(
          tx,
          {
            adminId: id,
            email: exhibitor.email,
            firstName: exhibitor.firstName,
            lastName: exhibitor.lastName,
            companyName: exhibitor.companyName,
            eventId: exhibitor.eventId,
            exhibitorId: id,
          },
          publicUrl,
        );
        await recordAudit(tx, actor, {
          action: 'resend_invitation',
          entityType: 'exhibitor',
          entityId: id,
          eventId: exhibitor.eventId,
        });
      });
    },

    /**
     * Deletes the exhibitor's account with its sub-accounts and profile; its company stays. One
     * named on a purchase stays, for its financial records: 409 with what to do instead.
     */
    async deleteExhibitor(actor: Actor, id: number): Promise<void> {
      const before = await getInScope(actor, id);
      // Its badges go by cascade, and with them the files they were given, once this commits.
      const deletedFiles = await deleteAccountsUnlessRecords(db, { adminIds: [id], subject: 'This exhibitor' }, () =>
        db.transaction(async (tx) => {
          const answerFiles = await deleteAnswerFilesOfBadges(tx, eq(badges.exhibitorId, id));
          await admins.deleteAdmin(tx, id);
          await recordAudit(tx, actor, {
            action: 'delete',
            entityType: 'exhibitor',
            entityId: id,
            eventId: before.eventId,
            before,
          });
          return answerFiles;
        }),
      );
      await files.removeDeleted(deletedFiles);
    },

    /**
     * The personal data of the exhibitor's account and of its sub-accounts replaced by placeholders,
     * their sign-in closed; its company, badges, purchases and invoices stay.
     */
    async anonymiseExhibitor(actor: Actor, id: number): Promise<Exhibitor> {
      const before = await getInScope(actor, id);
      await db.transaction(async (tx) => {
        const anonymised = await admins.anonymiseAccount(tx, id);
        // The audit keeps who did it and when, not the data that was removed.
        await recordAudit(tx, actor, {
          action: 'anonymise',
          entityType: 'exhibitor',
          entityId: id,
          eventId: before.eventId,
          after: { accountIds: anonymised },
        });
      });
      return this.getExhibitor(actor, id);
    },
  };
}

export type ExhibitorsService = ReturnType<typeof createExhibitorsService>;
