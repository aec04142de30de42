// The one condition language evaluated in JavaScript (`holds`, what `x-visible` runs in the browser
// and on the server): each operator at and around its boundary on the hand-built rows of
// tests/helpers/condition-rows.ts (the SQL evaluator meets the same expectations: reports/condition-sql.test.ts),
// what counts as empty, and the month arithmetic of a span (as PostgreSQL's).
import { describe, expect, it } from 'vitest';
import { CONDITION_CASES, CONDITION_ROWS } from '../helpers/condition-rows.ts';
import { addMonths, holds, isEmpty, subjectsOf } from '../../engine/condition/index.ts';

const idsWhere = (c: Parameters<typeof holds>[0]) => CONDITION_ROWS.filter((r) => holds(c, (s) => r[s as keyof typeof r])).map((r) => r.id);

describe('holds: each operator at its boundaries', () => {
  it.each(CONDITION_CASES)('%s', (_what, c, ids) => {
    expect(idsWhere(c)).toEqual(ids);
  });

  it('reads a form field by `field` as a report reads a variable by `var`', () => {
    expect(holds({ field: 'a.b', equals: 1 }, (f) => (f === 'a.b' ? 1 : undefined))).toBe(true);
    expect(holds({ field: 'a.b', equals: 1 }, () => '1')).toBe(false);
  });

  it('a range compares numbers only: a number written as text is outside it', () => {
    expect(holds({ field: 'n', from: 0, to: 14 }, () => '5')).toBe(false);
    expect(holds({ field: 'n', from: 0, to: 14 }, () => 14.5)).toBe(false);
    expect(holds({ field: 'n', from: 0, to: 14 }, () => -0.5)).toBe(false);
  });

  it('a span needs two dates', () => {
    expect(holds({ span: ['a', 'b'], overMonths: 0 }, (f) => (f === 'a' ? '2024-01-01' : 'soon'))).toBe(false);
    expect(holds({ span: ['a', 'b'], overMonths: 0 }, (f) => (f === 'a' ? '2024-01-01' : '2024-01-02'))).toBe(true);
  });
});

describe('isEmpty', () => {
  it.each<[unknown, boolean]>([[undefined, true], [null, true], ['', true], [[], true], [' ', false], [0, false], [false, false], [['a'], false]])('%j: %s', (v, yes) => {
    expect(isEmpty(v)).toBe(yes);
  });
});

describe('addMonths: as PostgreSQL adds months to a date', () => {
  it.each([
    ['2024-01-31', 1, '2024-02-29'],
    ['2023-01-31', 1, '2023-02-28'],
    ['2024-03-31', -1, '2024-02-29'],
    ['2024-03-15', 6, '2024-09-15'],
    ['2024-11-30', 3, '2025-02-28'],
    ['2024-12-01', 0, '2024-12-01'],
    ['2024-08-31', 18, '2026-02-28'],
  ] as const)('%s + %i months = %s', (from, n, to) => {
    expect(addMonths(from, n)).toBe(to);
  });
});

describe('subjectsOf', () => {
  it('names each leaf\'s subject in order, a span\'s dates only when asked', () => {
    const c = { all: [{ var: 'a', in: [1] }, { any: [{ var: 'b', empty: true as const }, { not: { field: 'c', equals: 1 } }] }, { span: ['x', 'y'] as [string, string], overMonths: 1 }] };
    expect(subjectsOf(c)).toEqual(['a', 'b', 'c']);
    expect(subjectsOf(c, true)).toEqual(['a', 'b', 'c', 'x', 'y']);
  });
});
