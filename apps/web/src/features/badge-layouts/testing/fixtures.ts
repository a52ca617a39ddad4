import type { BadgeLayout } from '@portal/shared/badge-layouts';

export const EVENT = { id: 7, name: 'Expo 2026' };

export function layoutFixture(overrides: Partial<BadgeLayout> = {}): BadgeLayout {
  return {
    id: 21,
    eventId: EVENT.id,
    name: 'Visitors',
    pageSize: 'a6',
    orientation: 'portrait',
    backgroundColor: null,
    elements: [
      {
        kind: 'name',
        id: 'name-1',
        lines: 1,
        x: 10,
        y: 20,
        width: 60,
        height: 12,
        fontSize: 24,
        minFontSize: 8,
        bold: true,
        align: 'center',
        color: '#000000',
        uppercase: false,
      },
    ],
    builtIn: null,
    hasLogo: false,
    hasBackgroundImage: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
