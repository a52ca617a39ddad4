import { describe, expect, it } from 'vitest';
import { deriveUserType, type UserTypeInput } from './user-types';

const seeAll = ['can_see_vip', 'can_see_exhibitor', 'can_see_visitor'];

describe('deriveUserType', () => {
  const cases: [string, UserTypeInput, ReturnType<typeof deriveUserType>][] = [
    ['no roles, no ids: the default', { roles: [], permissions: [] }, 'systemAdmin'],
    ['system admin role without event', { roles: [{ name: 'System Admin' }], permissions: seeAll }, 'systemAdmin'],
    [
      'sub-account role with exhibitorId',
      { roles: [{ name: 'Sub-Account' }], permissions: ['can_see_exhibitor'], exhibitorId: 7, eventId: 1 },
      'sub-account',
    ],
    [
      'sub-account role without exhibitorId is not a sub-account',
      { roles: [{ name: 'Sub-Account' }], permissions: ['can_see_exhibitor'], eventId: 1 },
      'systemAdmin',
    ],
    [
      'exhibitor role with eventId',
      { roles: [{ name: 'Exhibitor' }], permissions: ['can_see_exhibitor'], eventId: 1 },
      'exhibitor',
    ],
    [
      'role names match case-insensitively and by substring',
      { roles: [{ name: 'Premium EXHIBITOR staff' }], permissions: [], eventId: 3 },
      'exhibitor',
    ],
    [
      'exhibitor role without eventId falls to the default',
      { roles: [{ name: 'Exhibitor' }], permissions: ['can_see_exhibitor'] },
      'systemAdmin',
    ],
    [
      'sub-account wins over exhibitor when both roles apply',
      { roles: [{ name: 'Exhibitor' }, { name: 'Sub-Account' }], permissions: [], exhibitorId: 4, eventId: 1 },
      'sub-account',
    ],
    ['eventId with neither role', { roles: [{ name: 'Event Admin' }], permissions: seeAll, eventId: 1 }, 'eventAdmin'],
    ['eventId and no role at all', { roles: [], permissions: [], eventId: 1 }, 'eventAdmin'],
    ['VIP permission alone', { roles: [{ name: 'VIP Admin' }], permissions: ['can_see_vip'] }, 'vipAdmin'],
    [
      'VIP overrides an event admin',
      { roles: [{ name: 'Event Admin' }], permissions: ['CAN_SEE_VIP_BADGES'], eventId: 2 },
      'vipAdmin',
    ],
    [
      'VIP overrides an exhibitor',
      { roles: [{ name: 'Exhibitor' }], permissions: ['can_see_vip'], eventId: 2 },
      'vipAdmin',
    ],
    [
      'VIP with exhibitor visibility is not a VIP admin',
      { roles: [], permissions: ['can_see_vip', 'can_see_exhibitor'], eventId: 2 },
      'eventAdmin',
    ],
    [
      'VIP with visitor visibility is not a VIP admin',
      { roles: [], permissions: ['can_see_vip', 'CAN_SEE_VISITOR_BADGES'] },
      'systemAdmin',
    ],
  ];

  it.each(cases)('%s', (_label, input, expected) => {
    expect(deriveUserType(input)).toBe(expected);
  });
});
