/**
 * The permission catalogue of the product (spec §6). Stored lower-case; route guards in the
 * spec use the upper-case form, so every comparison goes through `normalizePermission`.
 */
export const PERMISSION_AREAS = {
  'Admin management': ['manage_admins', 'manage_roles', 'manage_permissions'],
  Badges: ['create_badge', 'update_badge', 'delete_badge', 'view_badges'],
  'Badge categories': [
    'create_badge_category',
    'update_badge_category',
    'delete_badge_category',
    'view_badge_categories',
  ],
  Events: ['create_event', 'update_event', 'delete_event', 'view_events'],
  Exhibitors: ['create_exhibitor', 'update_exhibitor', 'delete_exhibitor', 'view_exhibitors'],
  Payments: ['create_payment', 'refund_payment', 'view_payments'],
  Registrations: [
    'create_registration',
    'update_registration',
    'delete_registration',
    'view_registrations',
  ],
  System: ['export_data', 'view_reports', 'system_config', 'view_logs'],
  Users: ['create_user', 'update_user', 'delete_user', 'view_users'],
  'Exhibitor users': [
    'create_exhibitor_user',
    'update_exhibitor_user',
    'delete_exhibitor_user',
    'view_exhibitor_users',
  ],
  'Custom fields': [
    'manage_custom_fields',
    'view_custom_fields',
    'manage_custom_field_values',
    'view_custom_field_values',
  ],
  'Sub-accounts': ['view_sub_accounts', 'create_sub_account'],
  Allocations: ['view_allocation', 'create_allocation', 'update_allocation', 'delete_allocation'],
  'Email templates': [
    'view_email_templates',
    'create_email_template',
    'update_email_template',
    'delete_email_template',
    'view_email_outbox',
  ],
  'Badge visibility': ['can_see_vip', 'can_see_exhibitor', 'can_see_visitor'],
  'Allocation purchases': [
    'view_allocation_purchase',
    'create_allocation_purchase',
    'update_allocation_purchase',
  ],
  'Badge printing': ['manage_badge_layouts', 'print_badges'],
  'Check-in': ['manage_check_in', 'view_check_ins'],
  Leads: ['scan_leads', 'manage_leads'],
  Webhooks: ['manage_webhooks'],
} as const;

export type PermissionArea = keyof typeof PERMISSION_AREAS;
export type Permission = (typeof PERMISSION_AREAS)[PermissionArea][number];

export const PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_AREAS).flat();

const PERMISSION_SET: ReadonlySet<string> = new Set(PERMISSIONS);

/** Names the spec uses in guards that mean a catalogue permission under another spelling. */
const ALIASES: Readonly<Record<string, Permission>> = {
  can_see_vip_badges: 'can_see_vip',
  can_see_exhibitor_badges: 'can_see_exhibitor',
  can_see_visitor_badges: 'can_see_visitor',
  view_allocation_purchases: 'view_allocation_purchase',
};

/**
 * Who may read the badge list (and the badge categories of an event, which it is grouped by): the
 * screens these permissions guard (/users, /badges, /registrations; spec §2) are that list, and
 * each is where the root redirect may send a holder of only one of them.
 */
export const BADGE_LIST_READERS = ['view_exhibitor_users', 'view_users', 'view_badges', 'view_registrations'] as const satisfies readonly Permission[];

/** Maps any accepted spelling (`VIEW_EVENTS`, `CAN_SEE_VIP_BADGES`) to the catalogue name, or null. */
export function normalizePermission(name: string): Permission | null {
  const lower = name.trim().toLowerCase();
  if (PERMISSION_SET.has(lower)) return lower as Permission;
  return ALIASES[lower] ?? null;
}

export function isPermission(name: string): name is Permission {
  return PERMISSION_SET.has(name);
}

export function areaOf(permission: Permission): PermissionArea {
  const entry = Object.entries(PERMISSION_AREAS).find(([, list]) =>
    (list as readonly string[]).includes(permission),
  );
  return entry![0] as PermissionArea;
}

export type PermissionRequirement = {
  permissions: readonly Permission[];
  /** `all` (AND, the default) or `any` (OR), as the spec's guarded page takes them. */
  mode?: 'all' | 'any';
};

/** True when `held` satisfies the requirement; `held` may use any accepted spelling. */
export function hasPermissions(held: Iterable<string>, requirement: PermissionRequirement): boolean {
  const granted = new Set<Permission>();
  for (const name of held) {
    const permission = normalizePermission(name);
    if (permission) granted.add(permission);
  }
  const { permissions, mode = 'all' } = requirement;
  if (permissions.length === 0) return true;
  return mode === 'any'
    ? permissions.some((p) => granted.has(p))
    : permissions.every((p) => granted.has(p));
}
