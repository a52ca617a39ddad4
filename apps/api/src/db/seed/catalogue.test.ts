import { readFileSync } from 'node:fs';
import { PERMISSIONS } from '@portal/shared/permissions';
import { deriveUserType } from '@portal/shared/user-types';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ROLES } from './catalogue';

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
