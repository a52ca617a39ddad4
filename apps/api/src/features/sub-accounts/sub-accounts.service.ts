import type { ExportFormat } from '@portal/shared/exports';
import type { ListSubAccountsQuery, SubAccount } from '@portal/shared/sub-accounts';
import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { roles } from '../../db/schema/roles';
import type { Actor } from '../../lib/actor';
import { exportFile, rowsInOrder, type ExportFile } from '../../lib/list-export';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { listResult } from '../../lib/listing';
import { assertEmailFree, withEmailConflict } from '../admins/account-email';
import * as admins from '../admins/admins.repository';
import { deleteAccountsUnlessRecords } from '../allocation-purchases/financial-records';
import { recordAudit } from '../audit/audit.repository';
import { revokeAllForAdmin } from '../auth/refresh-tokens.repository';
import { hashPassword } from '../auth/passwords';
import { scopeOf } from '../auth/scope';
import { findExhibitor } from '../exhibitors/exhibitors.repository';
import { SUB_ACCOUNT_EXPORT_COLUMNS } from './sub-account-export';
import * as repo from './sub-accounts.repository';

type NewSubAccount = { firstName: string; lastName: string; email: string; password: string; exhibitorId?: number };
type SubAccountChanges = Partial<Omit<NewSubAccount, 'exhibitorId'>> & { isActive?: boolean };

function toSubAccount(row: repo.SubAccountRow): SubAccount {
  return {
    ...row,
    name: `${row.firstName} ${row.lastName}`,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createSubAccountsService({ db }: { db: Database }) {
  async function getInScope(actor: Actor, id: number) {
    const row = await repo.findSubAccount(db, id, scopeOf(actor.principal));
    if (!row) throw new NotFoundError('Sub-account');
    return row;
  }

  return {
    async listSubAccounts(actor: Actor, query: ListSubAccountsQuery) {
      const { rows, total } = await repo.listSubAccounts(db, scopeOf(actor.principal), query);
      return listResult(rows.map(toSubAccount), total, query);
    },

    /** Every sub-account of the list's filter, scope and sort, as a streamed file. */
    async exportSubAccounts(actor: Actor, filter: repo.SubAccountFilter, format: ExportFormat): Promise<ExportFile> {
      const ids = await repo.subAccountIds(db, scopeOf(actor.principal), filter);
      return exportFile('Sub-accounts', format, SUB_ACCOUNT_EXPORT_COLUMNS, rowsInOrder(ids, (batch) => repo.subAccountsByIds(db, batch)));
    },

    async getSubAccount(actor: Actor, id: number): Promise<SubAccount> {
      return toSubAccount(await getInScope(actor, id));
    },

    /** An exhibitor creates its own; an admin names the exhibitor, which must be in its scope. */
    async createSubAccount(actor: Actor, body: NewSubAccount): Promise<SubAccount> {
      const scope = scopeOf(actor.principal);
      const exhibitorId = scope.kind === 'exhibitor' ? scope.exhibitorId : body.exhibitorId;
      if (exhibitorId == null)
        throw ValidationError.field('exhibitorId', 'Choose the exhibitor the sub-account belongs to');
      if (scope.kind === 'exhibitor' && body.exhibitorId != null && body.exhibitorId !== exhibitorId) {
        throw ValidationError.field('exhibitorId', 'Exhibitor not found');
      }
      const exhibitor = scope.kind === 'sub-account' ? undefined : await findExhibitor(db, exhibitorId, scope);
      if (!exhibitor) throw ValidationError.field('exhibitorId', 'Exhibitor not found');
      await assertEmailFree(db, body.email);
      const passwordHash = await hashPassword(body.password);
      const id = await withEmailConflict(() =>
        db.transaction(async (tx) => {
          const [role] = await tx
            .select({ id: roles.id })
            .from(roles)
            .where(and(eq(roles.name, SYSTEM_ROLE_NAMES.subAccount), eq(roles.isSystem, true)));
          const adminId = await admins.insertAdmin(tx, {
            email: body.email,
            passwordHash,
            firstName: body.firstName,
            lastName: body.lastName,
            eventId: exhibitor.eventId,
            exhibitorId,
            companyId: exhibitor.companyId,
          });
          await admins.setAdminRoles(tx, adminId, [role!.id]);
          const { password: _password, ...after } = body;
          await recordAudit(tx, actor, {
            action: 'create',
            entityType: 'sub-account',
            entityId: adminId,
            eventId: exhibitor.eventId,
            exhibitorId,
            after: { ...after, exhibitorId },
          });
          return adminId;
        }),
      );
      return this.getSubAccount(actor, id);
    },

    async updateSubAccount(actor: Actor, id: number, body: SubAccountChanges): Promise<SubAccount> {
      const before = await getInScope(actor, id);
      if (body.email) await assertEmailFree(db, body.email, id);
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      await withEmailConflict(() =>
        db.transaction(async (tx) => {
          await admins.updateAdmin(tx, id, {
            email: body.email,
            firstName: body.firstName,
            lastName: body.lastName,
            isActive: body.isActive,
            passwordHash,
          });
          if (passwordHash || body.isActive === false) await revokeAllForAdmin(tx, id);
          const { password, ...after } = body;
          await recordAudit(tx, actor, {
            action: password ? 'update_with_password_reset' : 'update',
            entityType: 'sub-account',
            entityId: id,
            eventId: before.eventId,
            exhibitorId: before.exhibitorId,
            before,
            after,
          });
        }),
      );
      return this.getSubAccount(actor, id);
    },

    /** A sub-account named on a purchase stays, for its financial records: 409 with what to do instead. */
    async deleteSubAccount(actor: Actor, id: number): Promise<void> {
      const before = await getInScope(actor, id);
      await deleteAccountsUnlessRecords(db, { adminIds: [id], subject: 'This sub-account' }, () =>
        db.transaction(async (tx) => {
          await admins.deleteAdmin(tx, id);
          await recordAudit(tx, actor, {
            action: 'delete',
            entityType: 'sub-account',
            entityId: id,
            eventId: before.eventId,
            exhibitorId: before.exhibitorId,
            before,
          });
        }),
      );
    },

    /** Its personal data replaced by placeholders and its sign-in closed; its purchases and invoices stay. */
    async anonymiseSubAccount(actor: Actor, id: number): Promise<SubAccount> {
      const before = await getInScope(actor, id);
      await db.transaction(async (tx) => {
        await admins.anonymiseAccount(tx, id);
        // The audit keeps who did it and when, not the data that was removed.
        await recordAudit(tx, actor, { action: 'anonymise', entityType: 'sub-account', entityId: id, eventId: before.eventId, exhibitorId: before.exhibitorId });
      });
      return this.getSubAccount(actor, id);
    },
  };
}

export type SubAccountsService = ReturnType<typeof createSubAccountsService>;
