// Who may act for a unit in a transfer, and which units a case may move to ("to
// another TB unit"; "playOtherUnits or the session unit is the case's owner unit").
import { describe, expect, it } from 'vitest';
import { actsFor, unitToRefusal } from './transfer-rules.ts';

describe('the unit a case moves to', () => {
  it.each([
    // unit (of the session's workspace, or none found), the case's owner unit, the refusal
    ['another TB unit', { id: 'kant', type: 'TBUNIT' }, 'bishkek', undefined],
    ['a laboratory', { id: 'lab', type: 'LAB' }, 'bishkek', 'tbcase.unitToNotTb'],
    ['a laboratory that is somehow the owner', { id: 'lab', type: 'LAB' }, 'lab', 'tbcase.unitToNotTb'],
    ['a unit of another type', { id: 'x', type: 'PHARMACY' }, 'bishkek', 'tbcase.unitToNotTb'],
    ['no unit (unknown id, or another workspace’s)', undefined, 'bishkek', 'tbcase.unitToNotTb'],
    ['the TB unit that owns the case', { id: 'bishkek', type: 'TBUNIT' }, 'bishkek', 'tbcase.sameUnit'],
  ].map(([name, unit, owner, refusal]) => [name, refusal ?? 'allowed', unit, owner] as const))('%s → %s', (_name, refusal, unit, owner) => {
    expect(unitToRefusal(unit as { id: string; type: string } | undefined, owner)).toBe(refusal === 'allowed' ? undefined : refusal);
  });
});

describe('who acts for a unit', () => {
  type Who = Parameters<typeof actsFor>[0];
  const user: Who = { administrator: false, playOtherUnits: false, unitId: 'bishkek' };
  it.each([
    ['a user of that unit', user, true],
    ['a user of another unit', { ...user, unitId: 'kant' }, false],
    ['a user of another unit who plays other units', { ...user, unitId: 'kant', playOtherUnits: true }, true],
    ['a user of no unit', { ...user, unitId: null }, false],
    ['a user of no unit who plays other units', { ...user, unitId: null, playOtherUnits: true }, true],
    ['an administrator of another unit', { ...user, unitId: 'kant', administrator: true }, true],
  ].map(([name, session, acts]) => [name, acts, session] as const))('%s acts for the unit: %s', (_name, acts, session) => {
    expect(actsFor(session as Who, 'bishkek')).toBe(acts);
  });

  it('a user of no unit does not act for a case of no unit', () => {
    expect(actsFor({ ...user, unitId: null }, null)).toBe(false);
    expect(actsFor({ ...user, unitId: null }, undefined)).toBe(false);
  });
});
