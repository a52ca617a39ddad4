import { z } from 'zod';
import { isoDateTime, listQueryWithSort, optionalTextLine, queryInteger, textLine } from './common';
import { normalizePermission, type Permission, PERMISSION_AREAS } from './permissions';

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
  isSystem: z.boolean(),
  adminCount: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Role = z.infer<typeof roleSchema>;

export const ROLE_SORTS = ['name', 'createdAt'] as const;

export const listRolesQuerySchema = listQueryWithSort(ROLE_SORTS);

/** Accepts any spelling of a catalogue permission and names each unknown one. */
export const permissionListSchema = z
  .array(z.string().max(100))
  .max(200)
  .transform((names, ctx) => {
    const result = new Set<Permission>();
    names.forEach((name, index) => {
      const permission = normalizePermission(name);
      if (permission) result.add(permission);
      else ctx.addIssue({ code: 'custom', path: [index], message: `Unknown permission: ${name}` });
    });
    return [...result];
  });

export const roleBodySchema = z.object({
  name: textLine(80),
  description: optionalTextLine(500),
  permissions: permissionListSchema,
});
export type RoleBody = z.input<typeof roleBodySchema>;

export const updateRoleBodySchema = roleBodySchema.partial();

export const permissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  area: z.enum(Object.keys(PERMISSION_AREAS) as [keyof typeof PERMISSION_AREAS]),
});
export type PermissionRecord = z.infer<typeof permissionSchema>;

export const listPermissionsQuerySchema = z.object({
  limit: queryInteger(1, 1000).default(1000),
});

/** The five built-in roles; their permission sets are documented in docs/roles.md. */
export const SYSTEM_ROLE_NAMES = {
  systemAdmin: 'System Admin',
  eventAdmin: 'Event Admin',
  vipAdmin: 'VIP Admin',
  exhibitor: 'Exhibitor',
  subAccount: 'Sub-Account',
} as const;
