// A small hand-built set of rows and conditions of the one condition language (engine/condition/),
// each with the rows it holds for written by hand from the rule — what both evaluators (JavaScript
// `holds`, SQL `reports/condition-sql.ts`) must answer. The boundaries: a range's two ends and one
// past each, a month added to 31 January (29 February 2024), six months to the day and one day more,
// a missing value (never equal, in a list or in a range; empty; `not` of a failing test passes).
import type { Condition } from '../../engine/condition/index.ts';

export interface ConditionRow {
  id: number;
  n: number | null;
  s: string | null;
  b: boolean | null;
  start: string | null;
  end: string | null;
}

export const CONDITION_ROWS: ConditionRow[] = [
  { id: 1, n: 0, s: 'A', b: true, start: '2024-01-31', end: '2024-02-29' },
  { id: 2, n: 14, s: 'B', b: false, start: '2024-01-31', end: '2024-03-01' },
  { id: 3, n: 15, s: null, b: null, start: '2024-03-15', end: '2024-09-15' },
  { id: 4, n: null, s: 'C', b: true, start: '2024-03-15', end: '2024-09-16' },
  { id: 5, n: 5, s: 'A', b: false, start: null, end: '2024-01-01' },
];

/** [what it tests, the condition, the ids of the rows it holds for]. */
export const CONDITION_CASES: [string, Condition, number[]][] = [
  ['equals a text', { var: 's', equals: 'A' }, [1, 5]],
  ['equals yes', { var: 'b', equals: true }, [1, 4]],
  ['equals no: a missing value is not "no"', { var: 'b', equals: false }, [2, 5]],
  ['equals a number', { var: 'n', equals: 14 }, [2]],
  ['equals zero', { var: 'n', equals: 0 }, [1]],
  ['in a list', { var: 's', in: ['A', 'B'] }, [1, 2, 5]],
  ['in a list of none of the values', { var: 's', in: ['Z'] }, []],
  ['empty text', { var: 's', empty: true }, [3]],
  ['not empty text', { var: 's', notEmpty: true }, [1, 2, 4, 5]],
  ['empty number (zero is a value)', { var: 'n', empty: true }, [4]],
  ['a range: both ends included, one past each not', { var: 'n', from: 0, to: 14 }, [1, 2, 5]],
  ['a range of one value', { var: 'n', from: 15, to: 15 }, [3]],
  ['a range inside the ends', { var: 'n', from: 1, to: 13 }, [5]],
  ['at most 1 month: 31 January + 1 month is 29 February 2024', { span: ['start', 'end'], maxMonths: 1 }, [1]],
  ['at most 6 months: to the day included, a day more not', { span: ['start', 'end'], maxMonths: 6 }, [1, 2, 3]],
  ['more than 6 months: a day more', { span: ['start', 'end'], overMonths: 6 }, [4]],
  ['more than 1 month', { span: ['start', 'end'], overMonths: 1 }, [2, 3, 4]],
  ['more than 0 months: a missing date never', { span: ['start', 'end'], overMonths: 0 }, [1, 2, 3, 4]],
  ['not equals: a missing value passes', { not: { var: 's', equals: 'A' } }, [2, 3, 4]],
  ['not in', { not: { var: 's', in: ['A', 'C'] } }, [2, 3]],
  ['not a range: a missing value passes', { not: { var: 'n', from: 0, to: 14 } }, [3, 4]],
  ['all', { all: [{ var: 's', in: ['A', 'B'] }, { var: 'n', from: 0, to: 10 }] }, [1, 5]],
  ['any', { any: [{ var: 'b', equals: true }, { var: 'n', empty: true }] }, [1, 4]],
  ['not not', { not: { not: { var: 's', equals: 'A' } } }, [1, 5]],
  ['all of one', { all: [{ var: 'b', equals: false }] }, [2, 5]],
];
