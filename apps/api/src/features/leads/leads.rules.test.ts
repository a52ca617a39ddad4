import { describe, expect, it } from 'vitest';
import type { Principal } from '../auth/principal';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import { releaseLeadVisitor, releasedColumns, visitorCompany, type LeadRelease, type ReleaseFieldDefinition } from './lead-release';
import { assertNotesOnce, checkAnswers, consentAtScan, leadStaffOf, mergeAnswers, mergeTags, type LeadQuestion } from './leads.rules';

describe('mergeTags', () => {
  it('replaces the tags without a base', () => {
    expect(mergeTags(['a', 'b'], ['c'])).toEqual(['c']);
    expect(mergeTags(['a'], [])).toEqual([]);
  });

  it('merges three ways with a base: removals and additions of both sides survive', () => {
    // The server has a, b, x (someone added x); the client saw a, b, removed a and added c.
    expect(mergeTags(['a', 'b', 'x'], ['b', 'c'], ['a', 'b'])).toEqual(['b', 'x', 'c']);
    // Both added the same tag: once.
    expect(mergeTags(['a', 'c'], ['a', 'c'], ['a'])).toEqual(['a', 'c']);
    // The client removes a tag someone else removed already: nothing to do.
    expect(mergeTags(['b'], ['b'], ['a', 'b'])).toEqual(['b']);
    // An empty base: the sent tags are added to the lead's (a scan's tags).
    expect(mergeTags(['a'], ['b', 'a'], [])).toEqual(['a', 'b']);
  });
});

describe('mergeAnswers', () => {
  it('changes answers per question and removes the cleared ones', () => {
    const merged = mergeAnswers({ '1': 'old', '2': true, '3': ['x'] }, new Map<number, unknown>([[1, 'new'], [2, null], [4, 7]]));
    expect(merged).toEqual({ '1': 'new', '3': ['x'], '4': 7 });
  });
});

describe('consentAtScan', () => {
  it('records a consent only where the event asks for one', () => {
    expect(consentAtScan(false, 3)).toEqual({ given: null, version: null });
    expect(consentAtScan(true, null)).toEqual({ given: false, version: null });
    expect(consentAtScan(true, 0)).toEqual({ given: false, version: null });
    expect(consentAtScan(true, 2)).toEqual({ given: true, version: 2 });
  });
});

describe('leadStaffOf', () => {
  const principal = (type: Principal['type'], extra: Partial<Principal> = {}) =>
    ({ id: 7, email: 'x@example.com', firstName: 'Ilze', lastName: 'Bērziņa', type, eventId: 1, exhibitorId: null, ...extra }) as Principal;

  it('makes the exhibitor account and its sub-accounts staff of the exhibitor', () => {
    expect(leadStaffOf(principal('exhibitor'))).toEqual({ adminId: 7, name: 'Ilze Bērziņa', exhibitorId: 7, isExhibitorAccount: true });
    expect(leadStaffOf(principal('sub-account', { exhibitorId: 3 }))).toMatchObject({ adminId: 7, exhibitorId: 3, isExhibitorAccount: false });
  });

  it('refuses organisers and administrators with a message that says who scans', () => {
    for (const type of ['eventAdmin', 'systemAdmin', 'vipAdmin'] as const) {
      expect(() => leadStaffOf(principal(type))).toThrow(ForbiddenError);
    }
    expect(() => leadStaffOf(principal('eventAdmin'))).toThrow(/exhibitor’s staff/);
  });

  it('reads staff from the account’s ids, not its role names', () => {
    // An account under an exhibitor stays that exhibitor's staff whatever its roles make of it.
    expect(leadStaffOf(principal('eventAdmin', { exhibitorId: 3 }))).toMatchObject({ exhibitorId: 3, isExhibitorAccount: false });
    // An exhibitor account with no event reaches no exhibitor's records.
    expect(() => leadStaffOf(principal('exhibitor', { eventId: null }))).toThrow(ForbiddenError);
  });
});

describe('checkAnswers', () => {
  const question = (id: number, extra: Partial<LeadQuestion>): LeadQuestion => ({
    id,
    key: `q${id}`,
    label: `Question ${id}`,
    type: 'text',
    options: [],
    required: false,
    isActive: true,
    validation: {},
    sortOrder: id,
    ...extra,
  });
  const questions = [
    question(1, { type: 'select', options: [{ value: 'soon', label: 'Within a month' }, { value: 'later', label: 'Later' }] }),
    question(2, { type: 'checkbox' }),
    question(3, { type: 'file' }),
    question(4, { type: 'multiselect', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] }),
  ];

  it('answers the normalised values by question id, null for a cleared one', () => {
    const checked = checkAnswers(questions, { '1': 'soon', '2': true, '4': ['a', 'b'] });
    expect([...checked]).toEqual([
      [1, 'soon'],
      [2, true],
      [4, ['a', 'b']],
    ]);
    expect([...checkAnswers(questions, { '1': '' })]).toEqual([[1, null]]);
  });

  it('refuses an answer outside the options, an unknown question and a file, each at its id', () => {
    const failure = (answers: Record<string, unknown>) => {
      try {
        checkAnswers(questions, answers);
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        return (error as ValidationError).details ?? [];
      }
      throw new Error('accepted');
    };
    expect(failure({ '1': 'never' })).toEqual([{ field: 'answers.1', message: expect.any(String) }]);
    expect(failure({ '99': 'x' })).toEqual([{ field: 'answers.99', message: 'Not one of your qualifier questions' }]);
    expect(failure({ '3': 'file.pdf' })[0]!.field).toBe('answers.3');
    expect(failure({ '4': ['a', 'z'], '2': { ticked: true } }).map((d) => d.field).sort()).toEqual(['answers.2', 'answers.4']);
  });
});

describe('assertNotesOnce', () => {
  it('refuses a note id sent twice at the second place', () => {
    expect(() => assertNotesOnce([{ id: 'a' }, { id: 'b' }])).not.toThrow();
    expect(() => assertNotesOnce([{ id: 'a' }, { id: 'b' }, { id: 'a' }])).toThrow(
      expect.objectContaining({ details: [{ field: 'notes.2.id', message: 'Each note once' }] }),
    );
  });
});

describe('the release of a visitor', () => {
  const definition = (id: number, extra: Partial<ReleaseFieldDefinition> = {}): ReleaseFieldDefinition => ({
    id,
    eventId: 1,
    entityType: 'badge',
    exhibitorId: null,
    isPrivate: false,
    type: 'text',
    label: `Field ${id}`,
    options: [],
    ...extra,
  });
  const release = (releasedFields: string[], askConsent = false): LeadRelease => ({
    eventId: 1,
    settings: { releasedFields, askConsent },
    definitions: [
      definition(10, { label: 'Job title' }),
      definition(11, { isPrivate: true, label: 'Passport' }),
      definition(12, { type: 'file', label: 'CV' }),
      definition(13, { eventId: 2, label: 'Other event' }),
      definition(14, { entityType: 'lead', exhibitorId: 5, label: 'Budget' }),
      definition(15, { type: 'select', label: 'Interest', options: [{ value: 'ai', label: 'Machine learning' }] }),
    ],
  });
  const person = { firstName: 'Ωμέγα', lastName: 'Παπαδοπούλου', company: 'Ακμή', consentGiven: null };
  const badge = {
    email: 'omega@example.gr',
    phone: '+30 21 0000 0000',
    category: 'Trade visitor',
    values: { '10': 'Engineer', '11': 'X1234567', '12': null, '13': 'other', '14': '10k', '15': 'ai' },
  };
  const everything = ['email', 'phone', 'category', ...[10, 11, 12, 13, 14, 15].map((id) => `field:${id}`)];

  it('gives only name and company when nothing is released', () => {
    expect(releaseLeadVisitor(person, badge, release([]))).toEqual({ firstName: 'Ωμέγα', lastName: 'Παπαδοπούλου', company: 'Ακμή' });
  });

  it('never gives a private field, a file, another event’s field or an exhibitor’s question, whatever the list says', () => {
    const visitor = releaseLeadVisitor(person, badge, release(everything));
    expect(visitor).toStrictEqual({
      firstName: 'Ωμέγα',
      lastName: 'Παπαδοπούλου',
      company: 'Ακμή',
      email: 'omega@example.gr',
      phone: '+30 21 0000 0000',
      category: 'Trade visitor',
      fields: [
        { id: 10, label: 'Job title', value: 'Engineer' },
        { id: 15, label: 'Interest', value: 'Machine learning' },
      ],
    });
    expect(JSON.stringify(visitor)).not.toMatch(/X1234567|Passport|other|10k/);
    expect(releasedColumns(release(everything)).map((c) => c.label)).toEqual([
      'First name',
      'Last name',
      'Company',
      'Email',
      'Phone',
      'Badge category',
      'Job title',
      'Interest',
    ]);
  });

  it('gives a released field left unanswered as null, and nothing of a deleted badge', () => {
    expect(releaseLeadVisitor(person, { ...badge, values: {} }, release(['field:10'])).fields).toEqual([{ id: 10, label: 'Job title', value: null }]);
    expect(releaseLeadVisitor(person, null, release(everything))).toEqual({ firstName: 'Ωμέγα', lastName: 'Παπαδοπούλου', company: 'Ακμή' });
  });

  it('withholds all but name and company without consent where the event asks, or after a refusal', () => {
    const only = { firstName: 'Ωμέγα', lastName: 'Παπαδοπούλου', company: 'Ακμή' };
    expect(releaseLeadVisitor({ ...person, consentGiven: false }, badge, release(everything, true))).toEqual(only);
    expect(releaseLeadVisitor({ ...person, consentGiven: null }, badge, release(everything, true))).toEqual(only);
    expect(releaseLeadVisitor({ ...person, consentGiven: false }, badge, release(everything, false))).toEqual(only);
    expect(releaseLeadVisitor({ ...person, consentGiven: true }, badge, release(['email'], true))).toEqual({ ...only, email: 'omega@example.gr' });
  });

  it('copies the company of the badge’s exhibitor, else the visitor’s own answer', () => {
    expect(visitorCompany({ exhibitorCompany: 'Rīgas Ūdens', companyAnswer: 'Other' })).toBe('Rīgas Ūdens');
    expect(visitorCompany({ exhibitorCompany: null, companyAnswer: ' Ромашка ' })).toBe('Ромашка');
    expect(visitorCompany({ exhibitorCompany: null, companyAnswer: null })).toBeNull();
    expect(visitorCompany({ exhibitorCompany: null, companyAnswer: ['x'] })).toBeNull();
  });
});
