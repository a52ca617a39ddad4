import type { Lead, LeadFigures } from '@portal/shared/leads';

/** A lead as the API sends it: only name and company released unless a test gives more. */
export function leadFixture(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 7,
    eventId: 1,
    exhibitorId: 4,
    visitor: { firstName: 'Līga', lastName: 'Bērziņa', company: 'Rīgas Robotika SIA' },
    consent: null,
    scannedAt: '2027-03-16T08:05:00.000Z',
    scannedBy: { id: 5, name: 'Emil Staff' },
    rating: null,
    tags: [],
    notes: [],
    answers: {},
    scans: 1,
    createdAt: '2027-03-16T08:05:00.000Z',
    updatedAt: '2027-03-16T08:05:00.000Z',
    ...overrides,
  };
}

export const FIGURES: LeadFigures = {
  total: 3,
  perDay: [
    { day: '2027-03-16', leads: 2 },
    { day: '2027-03-17', leads: 1 },
  ],
  perScanner: [
    { id: 5, name: 'Emil Staff', leads: 2 },
    { id: 4, name: 'Lars Eriksen', leads: 1 },
    { id: null, name: 'Γιώργος Παπαδόπουλος (removed)', leads: 0 },
  ],
};
