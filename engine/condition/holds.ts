/**
 * The condition language (`types.ts`) evaluated against values in JavaScript: a form's values, in the
 * browser and on the server (`x-visible`), or any values a test hands it. `read` gives a subject's
 * value (`undefined`: none). It answers as the SQL evaluator (`reports/condition-sql.ts`) does over
 * the same values: no value is never equal, in a list or in a range, and fails a span.
 */
import { addMonths } from './months.ts';
import type { Condition } from './types.ts';

/** What a condition reads a subject's value with. */
export type Read = (subject: string) => unknown;

/**
 * Whether a value is empty: missing, null, the empty text or an empty list.
 * @example isEmpty('') // true
 * @example isEmpty(0) // false
 */
export const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether a condition holds for the values `read` gives.
 * @example holds({ all: [{ field: 'result', equals: 'POSITIVE' }, { field: 'count', from: 1, to: 9 }] }, (f) => ({ result: 'POSITIVE', count: 3 })[f]) // true
 * @example holds({ not: { field: 'comment', notEmpty: true } }, () => '') // true
 */
export function holds(c: Condition, read: Read): boolean {
  if ('all' in c) return c.all.every((x) => holds(x, read));
  if ('any' in c) return c.any.some((x) => holds(x, read));
  if ('not' in c) return !holds(c.not, read);
  if ('span' in c) {
    const [start, end] = c.span.map(read);
    if (typeof start !== 'string' || typeof end !== 'string' || !DATE.test(start) || !DATE.test(end)) return false;
    return c.maxMonths !== undefined ? end <= addMonths(start, c.maxMonths) : end > addMonths(start, c.overMonths);
  }
  const v = read((c.field ?? c.var)!);
  if ('equals' in c) return v === c.equals;
  if ('in' in c) return c.in.includes(v as never);
  if ('empty' in c) return isEmpty(v);
  if ('notEmpty' in c) return !isEmpty(v);
  return typeof v === 'number' && v >= c.from && v <= c.to;
}
