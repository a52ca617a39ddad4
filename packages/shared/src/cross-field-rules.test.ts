import { describe, expect, it } from 'vitest';
import { createCustomFieldBodySchema } from './custom-fields';
import { eventBodySchema } from './events';
import { createExhibitorBodySchema } from './exhibitors';

/** The fields an answer's issues name, in order. */
function failedFields(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  return result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
}

// A rule across fields must report together with a type error elsewhere, not on a second round.
describe('rules across fields report with the other errors', () => {
  it('exhibitor: no company, beside an event id that is not a number', () => {
    const result = createExhibitorBodySchema.safeParse({
      eventId: 'abc',
      companyName: '',
      firstName: 'Ola',
      lastName: 'Nordmann',
      email: 'ola@nordlys.example',
    });
    expect(failedFields(result)).toEqual(['eventId', 'companyName']);
  });

  it('event: dates out of order, beside a time zone of the wrong type', () => {
    const result = eventBodySchema.safeParse({
      name: 'Baltic Food Fair',
      startDate: '2027-05-10',
      endDate: '2027-05-08',
      timezone: 5,
    });
    expect(failedFields(result)).toEqual(['timezone', 'endDate']);
  });

  it('custom field: a choice without options, beside a label of the wrong type', () => {
    const result = createCustomFieldBodySchema.safeParse({ eventId: 1, label: 7, type: 'select', options: [] });
    expect(failedFields(result)).toContain('label');
    expect(failedFields(result).some((field) => field.startsWith('options'))).toBe(true);
  });

  it('the rule still waits for the fields it reads', () => {
    const result = eventBodySchema.safeParse({ name: 'Fair', startDate: 'soon', endDate: '2027-05-08' });
    expect(failedFields(result)).toEqual(['startDate']);
  });
});
