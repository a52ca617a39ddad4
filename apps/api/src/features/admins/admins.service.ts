import type { Admin, CreateAdminBody, ListAdminsQuery, UpdateAdminBody } from '@portal/shared/admins';
import { deriveUserType } from '@portal/shared/user-types';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { BusinessRuleError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { listResult } from '../../lib/listing';
import { deleteAccountsUnlessRecords } from '../allocation-purchases/financial-records';
import { recordAudit } from '../audit/audit.repository';
import { queueInvitation, renewInvitation } from '../auth/invitations';
import { revokeAllForAdmin } from '../auth/refresh-tokens.repository';
import { hashPassword } from '../auth/passwords';
import { loadPrincipal } from '../auth/principal';
import { scopeOf, type Scope } from '../auth/scope';
import { findCompany } from '../companies/companies.repository';
import { findExhibitor, upsertProfile, type ProfileValues } from '../exhibitors/exhibitors.repository';
import { findRolesByIds, type RoleRow } from '../roles/roles.repository';
import { assertEmailFree, withEmailConflict } from './account-email';
import * as repo from './admins.repository';

function toAdmin(row: repo.AdminRow): Admin {
  return {
    ...row,
    name: `${row.firstName} ${row.lastName}`,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const PROFILE_KEYS = ['booth', 'hall', 'phone', 'website', 'profile'] as const;

function pickProfile(body: UpdateAdminBody): ProfileValues | null {
  const entries = PROFILE_KEYS.filter((key) => body[key] !== undefined).map((key) => [key, body[key] ?? null]);
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

type Placement = { eventId: number | null; exhibitorId: number | null; companyId: number | null };

/**
 * The exhibitor an account's mail belongs to in the outbox: itself when its roles and placement make
 * it an exhibitor, its parent for a sub-account, none otherwise.
 */
function exhibitorOfAccount(adminId: number, roles: readonly RoleRow[], placement: Placement): number | null {
  const type = deriveUserType({ roles, permissions: roles.flatMap((role) => role.permissions), ...placement });
  return type === 'exhibitor' ? adminId : type === 'sub-account' ? placement.exhibitorId : null;
}

export function createAdminsService({ db, publicUrl }: { db: Database; publicUrl: string }) {
  async function getInScope(scope: Scope, id: number) {
    const row = await repo.findAdmin(db, id, scope);
    if (!row) throw new NotFoundError('Admin');
    return row;
  }

  /** Roles must exist, and nobody grants a permission they do not hold themselves. */
  async function checkRoles(actor: Actor, roleIds: number[]): Promise<RoleRow[]> {
    const found = await findRolesByIds(db, roleIds);
    const unknown = roleIds.filter((id) => !found.some((role) => role.id === id));
    if (unknown.length > 0) throw ValidationError.field('roleIds', `Unknown role: ${unknown.join(', ')}`);
    for (const role of found) {
      const missing = role.permissions.filter((p) => !actor.principal.permissions.has(p as never));
      if (missing.length > 0) {
        throw new ForbiddenError(`You cannot grant the role ${role.name}: it has permissions you do not hold`);
      }
    }
    return found;
  }

  /** An actor may not change an account that can do more than it can. */
  async function checkNotMorePowerful(actor: Actor, adminId: number) {
    const target = await loadPrincipal(db, adminId);
    if (target && [...target.permissions].some((p) => !actor.principal.permissions.has(p))) {
      throw new ForbiddenError('This account has permissions you do not hold');
    }
  }

  /**
   * Where the account sits: an event-scoped actor places it in its own event; a sub-account sits
   * in its exhibitor's event; role names must fit the placement, or the user type would be wrong.
   */
  async function resolvePlacement(actor: Actor, requested: Placement, roles: RoleRow[]): Promise<Placement> {
    const scope = scopeOf(actor.principal);
    const { exhibitorId, companyId } = requested;
    let eventId = requested.eventId;
    if (scope.kind !== 'global') {
      if (eventId != null && eventId !== scope.eventId) throw ValidationError.field('eventId', 'Event not found');
      eventId = scope.eventId;
    } else if (eventId != null && !(await repo.eventExists(db, eventId))) {
      throw ValidationError.field('eventId', 'Event not found');
    }
    if (exhibitorId != null) {
      const parent = await loadPrincipal(db, exhibitorId);
      const visible = parent && (await repo.findAdmin(db, exhibitorId, scope));
      if (!parent || !visible || parent.type !== 'exhibitor') {
        throw ValidationError.field('exhibitorId', 'Exhibitor not found');
      }
      if (eventId != null && eventId !== parent.eventId) {
        throw ValidationError.field('exhibitorId', 'The exhibitor belongs to another event');
      }
      eventId = parent.eventId;
    }
    if (companyId != null && !(await findCompany(db, companyId, scope))) {
      throw ValidationError.field('companyId', 'Company not found');
    }
    const names = roles.map((role) => role.name.toLowerCase());
    if (names.some((n) => n.includes('sub-account')) && exhibitorId == null) {
      throw ValidationError.field('exhibitorId', 'A sub-account needs the exhibitor it belongs to');
    }
    if (names.some((n) => n.includes('exhibitor') && !n.includes('sub-account')) && eventId == null) {
      throw ValidationError.field('eventId', 'An exhibitor belongs to an event');
    }
    return { eventId, exhibitorId, companyId };
  }


  /** Runs after the write, inside its transaction: a write that leaves no system admin is undone. */
  async function assertASystemAdminRemains(tx: Database) {
    if ((await repo.countSystemAdmins(tx)) === 0) {
      throw new BusinessRuleError('The last system administrator cannot be removed, demoted or deactivated');
    }
  }

  return {
    async listAdmins(actor: Actor, query: ListAdminsQuery) {
      const { rows, total } = await repo.listAdmins(db, scopeOf(actor.principal), query);
      return listResult(rows.map(toAdmin), total, query);
    },

    async getAdmin(actor: Actor, id: number): Promise<Admin> {
      return toAdmin(await getInScope(scopeOf(actor.principal), id));
    },

    async createAdmin(actor: Actor, body: CreateAdminBody): Promise<Admin> {
      const roles = await checkRoles(actor, body.roleIds);
      const placement = await resolvePlacement(
        actor,
        { eventId: body.eventId ?? null, exhibitorId: body.exhibitorId ?? null, companyId: body.companyId ?? null },
        roles,
      );
      await assertEmailFree(db, body.email);
      const passwordHash = body.password ? await hashPassword(body.password) : null;
      const company = placement.companyId == null ? undefined : await findCompany(db, placement.companyId, scopeOf(actor.principal));
      const id = await withEmailConflict(() =>
        db.transaction(async (tx) => {
          const adminId = await repo.insertAdmin(tx, {
            email: body.email,
            passwordHash,
            firstName: body.firstName,
            lastName: body.lastName,
            ...placement,
          });
          await repo.setAdminRoles(tx, adminId, body.roleIds);
          // The account and its invitation exist together or not at all.
          if (!passwordHash) {
            await queueInvitation(
              tx,
              {
                adminId,
                email: body.email,
                firstName: body.firstName,
                lastName: body.lastName,
                companyName: company?.name ?? null,
                eventId: placement.eventId,
                exhibitorId: exhibitorOfAccount(adminId, roles, placement),
              },
              publicUrl,
            );
          }
          const { password: _password, ...after } = body;
          await recordAudit(tx, actor, {
            action: 'create',
            entityType: 'admin',
            entityId: adminId,
            eventId: placement.eventId,
            after: { ...after, ...placement, invited: !passwordHash },
          });
          return adminId;
        }),
      );
      return this.getAdmin(actor, id);
    },

    async updateAdmin(actor: Actor, id: number, body: UpdateAdminBody): Promise<Admin> {
      const scope = scopeOf(actor.principal);
      const exhibitor = await findExhibitor(db, id, scope);
      const managesAdmins = actor.principal.permissions.has('manage_admins');
      if (!managesAdmins) {
        // update_exhibitor alone reaches exhibitors, and not where they sit or what they may do.
        if (!exhibitor) throw new NotFoundError('Admin');
        const placement = (['roleIds', 'eventId', 'exhibitorId', 'companyId'] as const).filter((key) => body[key] !== undefined);
        if (placement.length > 0) throw new ForbiddenError(`Changing ${placement.join(', ')} needs the manage_admins permission`);
      }
      const profile = pickProfile(body);
      if (profile && !exhibitor) throw ValidationError.field(Object.keys(profile)[0]!, 'Only an exhibitor has a stand and a profile');
      const before = await getInScope(managesAdmins ? scope : { kind: 'global', vipOnly: false }, id);
      if (id !== actor.principal.id && managesAdmins) await checkNotMorePowerful(actor, id);
      if (id === actor.principal.id && body.isActive === false) {
        throw new BusinessRuleError('You cannot deactivate your own account');
      }
      const roleIds = body.roleIds ?? before.roles.map((role) => role.id);
      const roles = body.roleIds ? await checkRoles(actor, body.roleIds) : await findRolesByIds(db, roleIds);
      const placement = await resolvePlacement(
        actor,
        {
          eventId: body.eventId === undefined ? before.eventId : body.eventId,
          exhibitorId: body.exhibitorId === undefined ? before.exhibitorId : body.exhibitorId,
          companyId: body.companyId === undefined ? before.companyId : body.companyId,
        },
        roles,
      );
      if (body.email) await assertEmailFree(db, body.email, id);
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      await withEmailConflict(() =>
        db.transaction(async (tx) => {
          const mayDemote = body.roleIds !== undefined || body.isActive === false;
          if (mayDemote) await repo.lockSystemAdminRole(tx);
          await repo.updateAdmin(tx, id, {
            email: body.email,
            firstName: body.firstName,
            lastName: body.lastName,
            isActive: body.isActive,
            passwordHash,
            ...placement,
          });
          if (body.roleIds) await repo.setAdminRoles(tx, id, body.roleIds);
          if (profile) await upsertProfile(tx, id, profile);
          if (mayDemote) await assertASystemAdminRemains(tx);
          // A new password or a deactivation ends every session of the account.
          if (passwordHash || body.isActive === false) await revokeAllForAdmin(tx, id);
          const { password, ...after } = body;
          await recordAudit(tx, actor, {
            action: password ? 'update_with_password_reset' : 'update',
            entityType: 'admin',
            entityId: id,
            eventId: placement.eventId,
            before,
            after: { ...after, ...placement },
          });
        }),
      );
      return this.getAdmin(actor, id);
    },

    /**
     * Sends a new invitation to an account that has not chosen its password; older links stop
     * working. Within the caller's reach (404 beyond it), and never for an account that can do more.
     */
    async resendInvitation(actor: Actor, id: number): Promise<void> {
      const admin = await getInScope(scopeOf(actor.principal), id);
      await checkNotMorePowerful(actor, id);
      if (admin.hasPassword) throw new ConflictError('This account has already chosen a password');
      const roles = await findRolesByIds(db, admin.roles.map((role) => role.id));
      await db.transaction(async (tx) => {
        await renewInvitation(
          tx,
          {
            adminId: id,
            email: admin.email,
            firstName: admin.firstName,
            lastName: admin.lastName,
            companyName: admin.companyName,
            eventId: admin.eventId,
            exhibitorId: exhibitorOfAccount(id, roles, admin),
          },
          publicUrl,
        );
        await recordAudit(tx, actor, { action: 'resend_invitation', entityType: 'admin', entityId: id, eventId: admin.eventId });
      });
    },

    /** An account named on a purchase (its own, or one it decided or took money for) stays: 409. */
    async deleteAdmin(actor: Actor, id: number): Promise<void> {
      const before = await getInScope(scopeOf(actor.principal), id);
      if (id === actor.principal.id) throw new BusinessRuleError('You cannot delete your own account');
      await checkNotMorePowerful(actor, id);
      await deleteAccountsUnlessRecords(db, { adminIds: [id], subject: 'This account' }, () =>
        db.transaction(async (tx) => {
          await repo.lockSystemAdminRole(tx);
          await repo.deleteAdmin(tx, id);
          await assertASystemAdminRemains(tx);
          await recordAudit(tx, actor, { action: 'delete', entityType: 'admin', entityId: id, eventId: before.eventId, before });
        }),
      );
    },

    /**
     * The account's personal data (and its sub-accounts', for an exhibitor) replaced by
     * placeholders and its sign-in closed, as a delete would; what names it stays.
     */
    async anonymiseAdmin(actor: Actor, id: number): Promise<Admin> {
      const before = await getInScope(scopeOf(actor.principal), id);
      if (id === actor.principal.id) throw new BusinessRuleError('You cannot anonymise your own account');
      await checkNotMorePowerful(actor, id);
      await db.transaction(async (tx) => {
        await repo.lockSystemAdminRole(tx);
        const anonymised = await repo.anonymiseAccount(tx, id);
        await assertASystemAdminRemains(tx);
        // The audit keeps who did it and when, not the data that was removed.
        await recordAudit(tx, actor, {
          action: 'anonymise',
          entityType: 'admin',
          entityId: id,
          eventId: before.eventId,
          after: { accountIds: anonymised },
        });
      });
      return this.getAdmin(actor, id);
    },
  };
}

export type AdminsService = ReturnType<typeof createAdminsService>;
