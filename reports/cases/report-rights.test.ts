// The saved-report rule without a database: who decides alone, and what it needs to look up.
import { describe, expect, it } from 'vitest';
import { decideWithoutDb, placeNeed } from './report-rights.ts';

describe('placeNeed', () => {
  it('a workspace report or any dashboard report is the workspace’s; else the unit or area it names', () => {
    expect(placeNeed({ scope: 'WORKSPACE' })).toEqual({ kind: 'workspace' });
    expect(placeNeed({ scope: 'UNIT', scopeId: 'u1', dashboard: true })).toEqual({ kind: 'workspace' });
    expect(placeNeed({ scope: 'UNIT', scopeId: 'u1' })).toEqual({ kind: 'unit', id: 'u1' });
    expect(placeNeed({ scope: 'ADMINUNIT', scopeId: 'a1', dashboard: false })).toEqual({ kind: 'area', id: 'a1' });
  });
});

describe('decideWithoutDb', () => {
  it('a whole-workspace writer changes every report; nobody else a workspace one', () => {
    expect(decideWithoutDb({ kind: 'workspace' }, { kind: 'workspace' })).toBe(true);
    expect(decideWithoutDb({ kind: 'workspace' }, { kind: 'area', id: 'a1' })).toBe(true);
    expect(decideWithoutDb({ kind: 'area', areaId: 'a1' }, { kind: 'workspace' })).toBe(false);
    expect(decideWithoutDb({ kind: 'unit', unitId: 'u1' }, { kind: 'workspace' })).toBe(false);
    expect(decideWithoutDb({ kind: 'none' }, { kind: 'unit', id: 'u1' })).toBe(false);
  });
  it('a unit writer changes only their own unit’s reports, never an area’s', () => {
    expect(decideWithoutDb({ kind: 'unit', unitId: 'u1' }, { kind: 'unit', id: 'u1' })).toBe(true);
    expect(decideWithoutDb({ kind: 'unit', unitId: 'u1' }, { kind: 'unit', id: 'u2' })).toBe(false);
    expect(decideWithoutDb({ kind: 'unit', unitId: 'u1' }, { kind: 'area', id: 'u1' })).toBe(false);
  });
  it('an area writer’s unit or area is looked up', () => {
    expect(decideWithoutDb({ kind: 'area', areaId: 'a1' }, { kind: 'unit', id: 'u1' })).toBeUndefined();
    expect(decideWithoutDb({ kind: 'area', areaId: 'a1' }, { kind: 'area', id: 'a1' })).toBeUndefined();
  });
});
