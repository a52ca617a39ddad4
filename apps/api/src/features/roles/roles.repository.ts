import type { Permission } from '@portal/shared/permissions';
import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminRoles } from '../../db/schema/admins';
import { permissions, rolePermissions, roles } from '../../db/schema/roles';
import { containsPattern, countWhere, fetchPage, nameOrder, orderBy, pageWindow, type Page } from '../../lib/listing';

const roleColumns = {
  id: roles.id,
  name: roles.name,
  description: roles.description,
  isSystem: roles.isSystem,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
  permissions: sql<string[]>`coalesce((
    select array_agg(p.name order by p.name) from ${rolePermissions} rp
      join ${permissions} p on p.id = rp.permission_id where rp.role_id = roles.id), '{}'::text[])`,
  adminCount: sql<number>`(select cast(count(*) as integer) from ${adminRoles} ar where ar.role_id = roles.id)`,
};

export type RoleRow = NonNullable<Awaited<ReturnType<typeof findRoleById>>>;

export async function listRoles(db: Database, query: Page & { search?: string; sort?: string }) {
  const where = query.search ? ilike(roles.name, containsPattern(query.search)) : undefined;
  const { limit, offset } = pageWindow(query);
  return fetchPage(
    () =>
      db
        .select(roleColumns)
        .from(roles)
        .where(where)
        .orderBy(
          ...orderBy(query.sort, { name: nameOrder(roles.name), createdAt: roles.createdAt }, roles.id, 'name'),
        )
        .limit(limit)
        .offset(offset),
    () => countWhere(db, roles, where),
  );
}

export async function findRoleById(db: Database, id: number) {
  const [row] = await db.select(roleColumns).from(roles).where(eq(roles.id, id));
  return row;
}

export async function findRolesByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select(roleColumns).from(roles).where(inArray(roles.id, ids));
}

export async function findRoleByName(db: Database, name: string) {
  const [row] = await db
    .select(roleColumns)
    .from(roles)
    .where(sql`lower(${roles.name}) = lower(${name})`);
  return row;
}

export async function insertRole(
  db: Database,
  values: { name: string; description?: string | null; isSystem?: boolean },
) {
  const [row] = await db.insert(roles).values(values).returning({ id: roles.id });
  return row!.id;
}

export async function updateRole(db: Database, id: number, values: { name?: string; description?: string | null }) {
  await db
    .update(roles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(roles.id, id));
}

/** Replaces the role's permission set with the given catalogue names. */
export async function setRolePermissions(db: Database, roleId: number, names: readonly Permission[]) {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (names.length === 0) return;
  await db.insert(rolePermissions).select(
    db
      .select({ roleId: sql<number>`cast(${roleId} as integer)`.as('role_id'), permissionId: permissions.id })
      .from(permissions)
      .where(inArray(permissions.name, [...names])),
  );
}

export async function deleteRole(db: Database, id: number) {
  await db.delete(roles).where(and(eq(roles.id, id), eq(roles.isSystem, false)));
}

export async function listPermissions(db: Database, limit: number) {
  return db.select().from(permissions).orderBy(permissions.id).limit(limit);
}
