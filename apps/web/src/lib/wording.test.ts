import { describe, expect, it } from 'vitest';
import { wordingFor } from './wording';

describe('wordingFor', () => {
  it('says vip for exhibitor to a VIP admin, with the article that goes before it', () => {
    expect(wordingFor('vipAdmin', 'Badges of an exhibitor')).toBe('Badges of a vip');
    expect(wordingFor('vipAdmin', 'An Exhibitor registers here')).toBe('A vip registers here');
    expect(wordingFor('vipAdmin', 'Exhibitor staff and exhibitors')).toBe('vip staff and vips');
    // "an" that is not the article of "exhibitor" stays.
    expect(wordingFor('vipAdmin', 'an event and an exhibitor')).toBe('an event and a vip');
  });

  it('leaves every other user’s text as it is', () => {
    expect(wordingFor('eventAdmin', 'Badges of an exhibitor')).toBe('Badges of an exhibitor');
    expect(wordingFor(undefined, 'an exhibitor')).toBe('an exhibitor');
  });
});
