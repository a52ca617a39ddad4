import { describe, expect, it } from 'vitest';
import { sumByHour } from './hourly-chart';

describe('sumByHour', () => {
  it('adds the lists’ hours together and fills the hours no list names', () => {
    expect(
      sumByHour([
        [
          { hour: '2027-03-16T09:00:00.000Z', entries: 5 },
          { hour: '2027-03-16T11:00:00.000Z', entries: 2 },
        ],
        [{ hour: '2027-03-16T09:00:00Z', entries: 3 }],
      ]),
    ).toEqual([
      { hour: '2027-03-16T09:00:00.000Z', entries: 8 },
      { hour: '2027-03-16T10:00:00.000Z', entries: 0 },
      { hour: '2027-03-16T11:00:00.000Z', entries: 2 },
    ]);
    expect(sumByHour([[], []])).toEqual([]);
  });
});
