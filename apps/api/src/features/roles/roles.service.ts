import type { Role } from '@portal/shared/roles';
import type { ListQuery } from '@portal/shared/common';
import { type PERMISSION_AREAS, type Permission } from '@portal/shared/permissions';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { BusinessRuleError, ConflictError, ForbiddenError, NotFoundError, withUniqueConflict } from '../../lib/errors';
import { listResult } from '../../lib/listing';
import { recordAudit } from '../audit/audit.repository';
import { scopeOf } from '../auth/scope';
import * as repo from './roles.repository';

type RoleInput = { name?: string; description?: string | null; permissions?: Permission[] };

function toRole(row: repo.RoleRow): Role {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/**
 * Roles are shared by every event, so only an actor of the global scope changes them, and never
 * with a permission it does not hold itself.
 */
function assertMayWriteRoles(actor: Actor, permissions: readonly Permission[] = []) {
  if (scopeOf(actor.principal).kind !== 'global') {
    throw new ForbiddenError('Roles are shared by all events; only a system administrator can change them');
  }
  const missing = permissions.filter((p) => !actor.principal.permissions.has(p));
  if (missing.length > 0) {
    throw new ForbiddenError(`You cannot grant permissions you do not hold: ${missing.join(', ')}`);
  }
}

export function createRolesService({ db }: { db: Database }) {
  async function getRole(id: number): Promise<Role> {
    const row = await repo.findRoleById(db, id);
    if (!row) throw new NotFoundError('Role');
    return toRole(row);
  }

  const saveConflicts = <T>(write: () => Promise<T>) =>
    withUniqueConflict(write, () => new ConflictError('A role with this name already exists', 'name'));

  return {
    async listRoles(_actor: Actor, query: ListQuery) {
      const { rows, total } = await repo.listRoles(db, query);
      return listResult(rows.map(toRole), total, query);
    },

    getRole: (_actor: Actor, id: number) => getRole(id),

    async createRole(actor: Actor, body: Required<Pick<RoleInput, 'name' | 'permissions'>> & RoleInput): Promise<Role> {
      assertMayWriteRoles(actor, body.permissions);
      const id = await saveConflicts(() =>
        db.transaction(async (tx) => {
          const roleId = await repo.insertRole(tx, { name: body.name, description: body.description ?? null });
          await repo.setRolePermissions(tx, roleId, body.permissions);
          await recordAudit(tx, actor, { action: 'create', entityType: 'role', entityId: roleId, after: body });
          return roleId;
        }),
      );
      return getRole(id);
    },

    async updateRole(actor: Actor, id: number, body: RoleInput): Promise<Role> {
      assertMayWriteRoles(actor, body.permissions);
      const before = await getRole(id);
      if (before.isSystem && body.name !== undefined && body.name !== before.name) {
        throw new BusinessRuleError('Built-in roles cannot be renamed', [{ field: 'name', message: 'Built-in roles cannot be renamed' }]);
      }
      await saveConflicts(() =>
        db.transaction(async (tx) => {
          await repo.updateRole(tx, id, { name: body.name, description: body.description });
          if (body.permissions) await repo.setRolePermissions(tx, id, body.permissions);
          await recordAudit(tx, actor, { action: 'update', entityType: 'role', entityId: id, before, after: body });
        }),
      );
      return getRole(id);
    },

    async deleteRole(actor: Actor, id: number): Promise<void> {
      assertMayWriteRoles(actor);
      const before = await getRole(id);
      if (before.isSystem) throw new BusinessRuleError('Built-in roles cannot be deleted');
      if (before.adminCount > 0) {
        throw new ConflictError(`This role is assigned to ${before.adminCount} admin(s); remove it from them first`);
      }
      await db.transaction(async (tx) => {
        await repo.deleteRole(tx, id);
        await recordAudit(tx, actor, { action: 'delete', entityType: 'role', entityId: id, before });
      });
    },

    async listPermissions(_actor: Actor, limit: number) {
      const rows = await repo.listPermissions(db, limit);
      return { data: rows.map((row) => ({ ...row, area: row.area as keyof typeof PERMISSION_AREAS })) };
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
