import { describe, expect, it } from 'vitest';
import { ageAt } from './age.ts';

describe('ageAt', () => {
  it('counts a year only from the birthday on', () => {
    expect(ageAt('1980-05-01', '2026-04-30')).toBe(45);
    expect(ageAt('1980-05-01', '2026-05-01')).toBe(46);
    expect(ageAt('1980-05-01', '2026-12-31')).toBe(46);
    expect(ageAt('1980-12-31', '2027-01-01')).toBe(46);
  });
  it('a 29 February birthday counts on 1 March in a common year, on the day in a leap year', () => {
    expect(ageAt('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageAt('2000-02-29', '2026-03-01')).toBe(26);
    expect(ageAt('2000-02-29', '2028-02-29')).toBe(28);
  });
  it('a baby is 0; no birth date, or one after the day, gives no age', () => {
    expect(ageAt('2026-11-01', '2026-11-26')).toBe(0);
    expect(ageAt(undefined, '2026-11-26')).toBeUndefined();
    expect(ageAt('2026-11-27', '2026-11-26')).toBeUndefined();
  });
});
