// What a write records in the change feed as changed — the keys an offline upload's merge reads as
// "the server changed this field since" (merge.ts) — with expectations written from the rule: on a
// create every field; on an update only the fields whose stored value differs, a child table as one
// value, a field gone as null; never the id, the version or the time of the change.
import { describe, expect, it } from 'vitest';
import { changedValues } from './changed-values.ts';

const row = { id: 'c1', version: 3, updatedAt: '2026-11-26T10:00:00Z', caseNumber: 'Б-9', weight: 61, comorbidities: ['DIABETES', 'HIV'] };

describe('a created row', () => {
  it('records every field, a missing value as null, without the id, the version or the time', () => {
    expect(changedValues(undefined, { ...row, notes: undefined })).toStrictEqual({ caseNumber: 'Б-9', weight: 61, comorbidities: ['DIABETES', 'HIV'], notes: null });
  });
});

describe('an updated row', () => {
  it.each([
    ['one field changed: only it', { ...row, caseNumber: 'Б-7' }, { caseNumber: 'Б-7' }],
    ['nothing changed: nothing', { ...row }, {}],
    ['only the version and the time moved: nothing', { ...row, version: 4, updatedAt: '2026-11-27T10:00:00Z' }, {}],
    ['an id in the new version is never a change', { ...row, id: 'c2' }, {}],
    ['a value cleared: null', { ...row, weight: null }, { weight: null }],
    ['a value set to undefined: null', { ...row, weight: undefined }, { weight: null }],
    ['a number typed as text is another value', { ...row, weight: '61' }, { weight: '61' }],
    ['a child table with the same rows in the same order: no change', { ...row, comorbidities: ['DIABETES', 'HIV'] }, {}],
    ['a child table in another order: the whole table', { ...row, comorbidities: ['HIV', 'DIABETES'] }, { comorbidities: ['HIV', 'DIABETES'] }],
    ['a field new in this version', { ...row, notes: 'контакт' }, { notes: 'контакт' }],
    ['a field new in this version but empty: nothing', { ...row, notes: null }, {}],
  ] as const)('%s', (_, next, changed) => {
    expect(changedValues(row, next)).toStrictEqual(changed);
  });

  it('a field the new version no longer holds is recorded as null; the id, version and time are not', () => {
    const { caseNumber: _, id: _id, version: _v, updatedAt: _u, ...next } = row;
    expect(changedValues(row, next)).toStrictEqual({ caseNumber: null });
  });

  it('a field empty before and absent now, or absent before and empty now, did not change', () => {
    expect(changedValues({ ...row, notes: null }, row)).toStrictEqual({});
    expect(changedValues(row, { ...row, notes: undefined })).toStrictEqual({});
    expect(changedValues({ ...row, notes: null }, { ...row, notes: '' })).toStrictEqual({ notes: '' });
  });
});
