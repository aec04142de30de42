import { describe, expect, it } from 'vitest';
import { indicatorFilters } from './overlay.ts';

describe('indicatorFilters: the report’s filters overlaid by the indicator’s own', () => {
  it('keeps both when their ids differ', () => {
    expect(indicatorFilters({ gender: ['MALE'] }, { state: ['ONTREATMENT'] })).toEqual({ gender: ['MALE'], state: ['ONTREATMENT'] });
  });
  it('lets the indicator’s value win for an id in both', () => {
    expect(indicatorFilters({ gender: ['MALE'] }, { gender: ['FEMALE'] })).toEqual({ gender: ['FEMALE'] });
    expect(indicatorFilters({ registrationDate: { ini: '2025-01', end: '2025-12' } }, { registrationDate: { ini: '2024-01' } })).toEqual({ registrationDate: { ini: '2024-01' } });
    expect(indicatorFilters({ validated: true }, { validated: false })).toEqual({ validated: false });
  });
  it('leaves the report’s value where the indicator’s filters nothing', () => {
    expect(indicatorFilters({ gender: ['MALE'] }, { gender: [] })).toEqual({ gender: ['MALE'] });
    expect(indicatorFilters({ gender: ['MALE'] }, { gender: null })).toEqual({ gender: ['MALE'] });
    expect(indicatorFilters({ registrationDate: { ini: '2025-01' } }, { registrationDate: {} })).toEqual({ registrationDate: { ini: '2025-01' } });
  });
  it('takes either side alone', () => {
    expect(indicatorFilters(undefined, { gender: ['MALE'] })).toEqual({ gender: ['MALE'] });
    expect(indicatorFilters({ gender: ['MALE'] }, undefined)).toEqual({ gender: ['MALE'] });
  });
});
