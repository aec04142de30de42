// The offline upload's merge rule (docs/sync.md "Upload"), with expectations written from the rule: a
// field the server did not change since the client's copy is written; one it changed to another value
// keeps the server's and is a conflict; the same value on both sides is none; a delete waits for an
// unchanged row. What the writer and the feed make of it is tests/api/sync-push.test.ts.
import { describe, expect, it } from 'vitest';
import { changedFields, isStale, mayDelete, mergeUpdate, sameValue } from './merge.ts';

const server = { id: 'c1', version: 5, caseNumber: 'Б-9', state: 'ONTREATMENT', weight: null, comorbidities: ['DIABETES', 'HIV'] };

describe('an update from a client', () => {
  it.each([
    // [what, the client's fields, the fields the server changed since, result, fields written, conflicts as field: server → client]
    ['nothing changed on the server: everything written', { caseNumber: 'Б-7', weight: 61 }, [], 'applied', { caseNumber: 'Б-7', weight: 61 }, []],
    ['the server changed another field: merged', { caseNumber: 'Б-7' }, ['state'], 'merged', { caseNumber: 'Б-7' }, []],
    ['the server changed the same field to another value: the server’s kept', { caseNumber: 'Б-7', weight: 61 }, ['caseNumber'], 'conflict', { weight: 61 }, [['caseNumber', 'Б-9', 'Б-7']]],
    ['the same value typed on both sides: no conflict', { caseNumber: 'Б-9' }, ['caseNumber'], 'merged', { caseNumber: 'Б-9' }, []],
    ['the server cleared a field the client filled: a conflict with null', { weight: 61 }, ['weight'], 'conflict', {}, [['weight', null, 61]]],
    ['the client cleared a field the server changed: a conflict, the client’s null', { caseNumber: null }, ['caseNumber'], 'conflict', {}, [['caseNumber', 'Б-9', null]]],
    ['missing and null are the same value', { weight: null }, ['weight'], 'merged', { weight: null }, []],
    ['a field missing on the server, sent as undefined: the same as null', { notes: undefined }, ['notes'], 'merged', { notes: undefined }, []],
    ['a child table is one value: the same rows in the same order are no conflict', { comorbidities: ['DIABETES', 'HIV'] }, ['comorbidities'], 'merged', { comorbidities: ['DIABETES', 'HIV'] }, []],
    ['a child table in another order is another value', { comorbidities: ['HIV', 'DIABETES'] }, ['comorbidities'], 'conflict', {}, [['comorbidities', ['DIABETES', 'HIV'], ['HIV', 'DIABETES']]]],
    ['two conflicts, in the client’s order, the rest written', { state: 'CLOSED', weight: 61, caseNumber: 'Б-7' }, ['caseNumber', 'state'], 'conflict', { weight: 61 }, [['state', 'ONTREATMENT', 'CLOSED'], ['caseNumber', 'Б-9', 'Б-7']]],
    ['the id is never written nor a conflict', { id: 'other', caseNumber: 'Б-7' }, ['id'], 'merged', { caseNumber: 'Б-7' }, []],
    ['the version is never a conflict (the writer is given the server’s)', { version: 2, caseNumber: 'Б-7' }, ['version'], 'merged', { version: 2, caseNumber: 'Б-7' }, []],
  ] as const)('%s', (_, data, since, result, patch, conflicts) => {
    const out = mergeUpdate(server, { ...data }, new Set(since));
    expect(out.result).toBe(result);
    expect(out.patch).toStrictEqual(patch);
    expect(out.conflicts.map((c) => [c.field, c.server, c.client])).toStrictEqual(conflicts);
  });
});

describe('what the server changed since the client’s copy', () => {
  it.each([
    [undefined, 5, false, 'no base: the client never read the row'],
    [4, 5, true, 'one version behind'],
    [1, 5, true, 'several behind'],
    [5, 5, false, 'the server’s own version'],
    [6, 5, false, 'past the server’s version'],
  ] as const)('base %s, server %s: stale %s (%s)', (base, version, stale, _why) => {
    expect(isStale(base, version)).toBe(stale);
  });

  it('is every field any later feed entry of the row names, once', () => {
    expect([...changedFields([{ caseNumber: 'Б-7' }, null, undefined, { state: 'CLOSED', caseNumber: 'Б-8' }, {}])].sort()).toEqual(['caseNumber', 'state']);
    expect(changedFields([]).size).toBe(0);
  });
});

describe('a delete from a client', () => {
  it('goes ahead only when the server changed nothing since the client’s copy', () => {
    expect(mayDelete(new Set())).toBe(true);
    expect(mayDelete(new Set(['state']))).toBe(false);
  });
});

describe('a stored value', () => {
  it.each([
    [undefined, null, true],
    [null, null, true],
    ['Б-7', 'Б-7', true],
    [{ a: 1, b: [2] }, { a: 1, b: [2] }, true],
    [0, null, false],
    ['', null, false],
    [false, null, false],
    [1, '1', false],
    ['Б-7', 'Б-8', false],
  ] as const)('%j and %j are the same: %s', (a, b, same) => {
    expect(sameValue(a, b)).toBe(same);
    expect(sameValue(b, a)).toBe(same);
  });
});
