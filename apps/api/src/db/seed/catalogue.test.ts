import { readFileSync } from 'node:fs';
import { PERMISSIONS } from '@portal/shared/permissions';
import { deriveUserType } from '@portal/shared/user-types';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database';
import { permissions, rolePermissions, roles } from '../schema/roles';
import { seedCatalogue, SYSTEM_ROLES } from './catalogue';

describe('built-in roles', () => {
  it('are documented exactly in docs/roles.md', () => {
    const doc = readFileSync(new URL('../../../../../docs/roles.md', import.meta.url), 'utf8');
    const rows = doc.split('\n').filter((line) => /^\| [^|]+ \| `[a-z_]+` \|/.test(line));
    expect(rows).toHaveLength(PERMISSIONS.length);
    for (const row of rows) {
      const cells = row.split('|').slice(1, -1).map((cell) => cell.trim());
      const permission = cells[1]!.replaceAll('`', '');
      SYSTEM_ROLES.forEach((role, index) => {
        expect(cells[index + 2] === '✓', `${role.name} / ${permission}`).toBe(role.permissions.includes(permission as never));
      });
    }
  });

  it('give each role the user type it is meant for', () => {
    const typeOf = (name: string, placement: { eventId?: number; exhibitorId?: number }) => {
      const role = SYSTEM_ROLES.find((r) => r.name === name)!;
      return deriveUserType({ roles: [role], permissions: [...role.permissions], ...placement });
    };
    expect(typeOf('System Admin', {})).toBe('systemAdmin');
    expect(typeOf('Event Admin', { eventId: 1 })).toBe('eventAdmin');
    expect(typeOf('VIP Admin', { eventId: 1 })).toBe('vipAdmin');
    expect(typeOf('Exhibitor', { eventId: 1 })).toBe('exhibitor');
    expect(typeOf('Sub-Account', { eventId: 1, exhibitorId: 2 })).toBe('sub-account');
  });
});

describe('seeding the catalogue on an existing install', () => {
  it('grants a permission new to the install to the built-in roles that list it, and gives back nothing else', async () => {
    const { db, close } = await openTestDatabase();
    try {
      const heldBy = async (roleName: string) =>
        (
          await db
            .select({ name: permissions.name })
            .from(rolePermissions)
            .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
            .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
            .where(eq(roles.name, roleName))
        ).map((row) => row.name);
      // An install from before badge printing, where an administrator took view_payments from exhibitors.
      await db.delete(permissions).where(eq(permissions.name, 'print_badges'));
      const [exhibitor] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Exhibitor'));
      const [viewPayments] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, 'view_payments'));
      await db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, exhibitor!.id), eq(rolePermissions.permissionId, viewPayments!.id)));
      expect(await heldBy('Exhibitor')).not.toContain('print_badges');

      await seedCatalogue(db);
      for (const role of SYSTEM_ROLES) {
        expect(await heldBy(role.name), role.name).toHaveLength(
          role.permissions.length - (role.name === 'Exhibitor' ? 1 : 0),
        );
        expect((await heldBy(role.name)).includes('print_badges'), role.name).toBe(role.permissions.includes('print_badges'));
      }
      expect(await heldBy('Exhibitor')).not.toContain('view_payments');

      // Taken away again, it stays away: the grant happens only when the permission is new.
      const [printBadges] = await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, 'print_badges'));
      await db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, exhibitor!.id), eq(rolePermissions.permissionId, printBadges!.id)));
      await seedCatalogue(db);
      expect(await heldBy('Exhibitor')).not.toContain('print_badges');
    } finally {
      await close();
    }
  });
});
