import { areaOf, PERMISSIONS, type Permission } from '@portal/shared/permissions';
import { SYSTEM_ROLE_NAMES } from '@portal/shared/roles';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { setRolePermissions } from '../../features/roles/roles.repository';
import { permissions, rolePermissions, roles } from '../schema/roles';

const exhibitorTeamWork: Permission[] = [
  'view_exhibitor_users',
  'create_exhibitor_user',
  'update_exhibitor_user',
  'delete_exhibitor_user',
  'update_user',
  'view_badge_categories',
  'view_allocation',
  'view_custom_fields',
  'view_custom_field_values',
  'manage_custom_field_values',
  'can_see_exhibitor',
  'can_see_visitor',
  'scan_leads',
  'export_data',
];

const notForEventAdmins = new Set<Permission>([
  'manage_roles',
  'manage_permissions',
  'system_config',
  'create_event',
  'delete_event',
]);

/** The five built-in roles and their permissions; docs/roles.md explains each choice. */
export const SYSTEM_ROLES: { name: string; description: string; permissions: readonly Permission[] }[] = [
  {
    name: SYSTEM_ROLE_NAMES.systemAdmin,
    description: 'Runs the portal: every event, every setting.',
    permissions: PERMISSIONS,
  },
  {
    name: SYSTEM_ROLE_NAMES.eventAdmin,
    description: "Organiser of one event: its exhibitors, badges, allocations, purchases, fields and templates.",
    permissions: PERMISSIONS.filter((p) => !notForEventAdmins.has(p)),
  },
  {
    name: SYSTEM_ROLE_NAMES.vipAdmin,
    description: 'Manages the VIP badges of an event, and nothing else.',
    permissions: [
      'view_exhibitor_users',
      'create_exhibitor_user',
      'update_exhibitor_user',
      'delete_exhibitor_user',
      'view_users',
      'create_user',
      'update_user',
      'view_badge_categories',
      'view_registrations',
      'view_custom_fields',
      'view_custom_field_values',
      'manage_custom_field_values',
      'view_email_templates',
      'export_data',
      'can_see_vip',
      'print_badges',
    ],
  },
  {
    name: SYSTEM_ROLE_NAMES.exhibitor,
    description: "An exhibiting company's account at one event: its badges, sub-accounts, allocations and purchases.",
    permissions: [
      ...exhibitorTeamWork,
      'view_sub_accounts',
      'create_sub_account',
      'create_allocation',
      'update_allocation',
      'view_allocation_purchase',
      'create_allocation_purchase',
      'create_payment',
      'view_payments',
      'view_email_outbox',
      'print_badges',
      'manage_webhooks',
    ],
  },
  {
    name: SYSTEM_ROLE_NAMES.subAccount,
    description: "A colleague's sign-in under an exhibitor: registers badges within what the exhibitor hands it, and buys more.",
    permissions: [...exhibitorTeamWork, 'view_allocation_purchase', 'create_allocation_purchase', 'create_payment', 'print_badges'],
  },
];

/**
 * Brings the permission table up to the catalogue and creates missing built-in roles. Runs at every
 * start; it never takes back permissions an administrator has since given or removed. A permission
 * new to the install is granted once, as it is inserted, to the existing built-in roles that list
 * it, so an upgrade gives them what a fresh install would.
 */
export async function seedCatalogue(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(permissions)
      .values(PERMISSIONS.map((name) => ({ name, area: areaOf(name) })))
      .onConflictDoNothing()
      .returning({ id: permissions.id, name: permissions.name });
    for (const role of SYSTEM_ROLES) {
      const [created] = await tx
        .insert(roles)
        .values({ name: role.name, description: role.description, isSystem: true })
        .onConflictDoNothing()
        .returning({ id: roles.id });
      if (created) {
        await setRolePermissions(tx, created.id, role.permissions);
        continue;
      }
      const granted = added.filter((permission) => role.permissions.includes(permission.name as Permission));
      if (granted.length === 0) continue;
      const [existing] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(sql`lower(${roles.name})`, role.name.toLowerCase()), eq(roles.isSystem, true)));
      if (!existing) continue;
      await tx
        .insert(rolePermissions)
        .values(granted.map((permission) => ({ roleId: existing.id, permissionId: permission.id })))
        .onConflictDoNothing();
    }
  });
}
