import { describe, expect, it } from 'vitest';
import { hasPermissions, normalizePermission, PERMISSIONS, areaOf } from './permissions';

describe('permission catalogue', () => {
  it('holds every permission once, in lower case', () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    expect(PERMISSIONS.every((p) => p === p.toLowerCase())).toBe(true);
    // The spec's 58, view_email_outbox for the outbox screen, and two each for badge printing, check-in and leads.
    expect(PERMISSIONS).toHaveLength(66);
  });

  it('normalises guard spellings and aliases', () => {
    expect(normalizePermission('VIEW_EVENTS')).toBe('view_events');
    expect(normalizePermission('CAN_SEE_VIP_BADGES')).toBe('can_see_vip');
    expect(normalizePermission('VIEW_ALLOCATION_PURCHASES')).toBe('view_allocation_purchase');
    expect(normalizePermission('launch_rockets')).toBeNull();
  });

  it('knows the area of each permission', () => {
    expect(areaOf('manage_roles')).toBe('Admin management');
    expect(areaOf('can_see_visitor')).toBe('Badge visibility');
    expect(areaOf('print_badges')).toBe('Badge printing');
  });

  it('checks AND and OR requirements', () => {
    const held = ['VIEW_USERS', 'view_events'];
    expect(hasPermissions(held, { permissions: ['view_users', 'view_events'] })).toBe(true);
    expect(hasPermissions(held, { permissions: ['view_users', 'manage_admins'] })).toBe(false);
    expect(hasPermissions(held, { permissions: ['view_users', 'manage_admins'], mode: 'any' })).toBe(true);
    expect(hasPermissions(held, { permissions: ['manage_roles', 'manage_admins'], mode: 'any' })).toBe(false);
    expect(hasPermissions([], { permissions: [] })).toBe(true);
  });
});
