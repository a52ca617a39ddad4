import type { CheckInList, CheckInLogEntry, Device } from '@portal/shared/check-in';

/** An event in New York: its clock differs from the test runner's, so a wrong zone shows. */
export const EVENT = {
  id: 7,
  name: 'Expo 2027',
  timezone: 'America/New_York',
  startDate: '2027-03-16',
  endDate: '2027-03-18',
};

export const CATEGORIES = [
  { id: 31, eventId: EVENT.id, name: 'press', displayName: 'Press', type: 'badge', badgeType: 'visitor' },
  { id: 32, eventId: EVENT.id, name: 'staff', displayName: null, type: 'badge', badgeType: 'exhibitor' },
];

export function listFixture(overrides: Partial<CheckInList> = {}): CheckInList {
  return {
    id: 41,
    eventId: EVENT.id,
    name: 'Main entrance',
    rules: [{ badgeType: 'visitor', windows: [] }],
    categoryIds: [],
    scansExits: false,
    allowsReentry: false,
    createdAt: '2027-03-01T10:00:00.000Z',
    updatedAt: '2027-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function deviceFixture(overrides: Partial<Device> = {}): Device {
  return {
    id: 51,
    eventId: EVENT.id,
    name: 'Hall A, phone 1',
    role: 'steward',
    listIds: [41],
    status: 'waiting',
    pairedAt: null,
    lastSeenAt: null,
    revokedAt: null,
    createdAt: '2027-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function logEntryFixture(overrides: Partial<CheckInLogEntry> = {}): CheckInLogEntry {
  return {
    id: 61,
    listId: 41,
    listName: 'Main entrance',
    deviceId: 51,
    deviceName: 'Hall A, phone 1',
    badgeId: 71,
    code: 'K7M2P9QX',
    holderName: 'Ada Lovelace',
    company: 'Analytical Engines',
    direction: 'entry',
    method: 'camera',
    result: 'admitted',
    reason: null,
    scannedAt: '2027-03-16T13:05:00.000Z',
    recordedAt: '2027-03-16T13:05:01.000Z',
    offline: false,
    localResult: null,
    conflict: false,
    conflictResolvedAt: null,
    undoneAt: null,
    undoReason: null,
    ...overrides,
  };
}
