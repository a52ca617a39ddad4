import { describe, expect, it } from 'vitest';
import { isFiltered, leadFilters } from './lead-filters';

const urlOf = (query: string) => {
  const params = new URLSearchParams(query);
  return (key: string) => params.get(key) ?? '';
};

describe('the leads list filters in the URL', () => {
  it('reads every filter the API takes', () => {
    expect(leadFilters(urlOf('rating=hot&tag=%20demo%20&scannerId=5&day=2027-03-16&sort=-rating'), 'Олена')).toEqual({
      search: 'Олена',
      rating: 'hot',
      tag: 'demo',
      scannerId: 5,
      day: '2027-03-16',
      sort: '-rating',
    });
  });

  it('leaves out what the API would refuse, so an edited link still lists', () => {
    expect(
      leadFilters(urlOf(`rating=boiling&tag=${'x'.repeat(41)}&scannerId=0&day=2027-02-31x&sort=-__proto__`), ''),
    ).toEqual({});
    expect(leadFilters(urlOf('scannerId=12abc&day=16.03.2027&sort=email'), '')).toEqual({});
    expect(leadFilters(urlOf(''), '')).toEqual({});
  });

  it('tells a filtered list from one only sorted', () => {
    expect(isFiltered({ sort: 'name' })).toBe(false);
    expect(isFiltered({ tag: 'demo' })).toBe(true);
    expect(isFiltered({})).toBe(false);
  });
});
