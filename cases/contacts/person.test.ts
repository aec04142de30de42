// The index case's resistance type and a contact's age at their boundaries.
import { describe, expect, it } from 'vitest';
import { ageAt, indexResistanceOf } from './person.ts';

describe('the index case’s resistance type', () => {
  it('is drug-susceptible for a TB case, whatever its resistance field says', () => {
    expect(indexResistanceOf({ classification: 'TB', drugResistanceType: null })).toBe('DS');
  });
  it('names RR, MDR, pre-XDR and XDR of a DR-TB case', () => {
    for (const r of ['RR', 'MDR', 'PRE_XDR', 'XDR']) expect(indexResistanceOf({ classification: 'DRTB', drugResistanceType: r })).toBe(r);
  });
  it('is unknown for mono- or poly-resistance, a DR-TB case not yet typed, and NTM', () => {
    expect(indexResistanceOf({ classification: 'DRTB', drugResistanceType: 'MONO_RESISTANCE' })).toBe('UNKNOWN');
    expect(indexResistanceOf({ classification: 'DRTB', drugResistanceType: null })).toBe('UNKNOWN');
    expect(indexResistanceOf({ classification: 'NTM' })).toBe('UNKNOWN');
  });
});

describe('a contact’s age', () => {
  it('turns 5 on the fifth birthday, not the day before', () => {
    expect(ageAt('2021-03-02', '2026-03-01')).toBe(4);
    expect(ageAt('2021-03-02', '2026-03-02')).toBe(5);
  });
  it('counts a birthday later in the year as not yet come', () => {
    expect(ageAt('1990-12-31', '2026-06-15')).toBe(35);
  });
});
