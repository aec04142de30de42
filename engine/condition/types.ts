/**
 * The one condition language: what `x-visible` says of a form's fields, what the WHO forms and the
 * DAK indicators say of a case's report variables. One shape, one set of operators; each reader
 * names its subjects with one key — `field` (a value of the form: `name`, `a.b`, `../name`, `/name`)
 * or `var` (a report variable, or a DAK fact) — and says which it reads.
 *
 * - `{field|var, equals: v}` — the value is `v` (a text, number or yes/no; no value is never equal);
 * - `{field|var, in: [v…]}` — the value is one of these;
 * - `{field|var, empty: true}` / `{field|var, notEmpty: true}` — no value (missing, null, '' or an
 *   empty list) / a value;
 * - `{field|var, from: a, to: b}` — a whole number between `a` and `b`, both included (an age
 *   variable: whole years at its case date);
 * - `{span: [start, end], maxMonths: n}` / `{span: […], overMonths: n}` — two dates of the subject:
 *   `end` at most / more than `n` months after `start` (either missing: does not hold);
 * - `{all: [c…]}`, `{any: [c…]}`, `{not: c}`.
 *
 * @example
 *   const c: Condition = { all: [{ var: 'registrationGroup', in: ['NEW'] }, { not: { var: 'infectionSite', empty: true } }] };
 */
export type Scalar = string | number | boolean;

/** The key naming what a leaf reads: a form's value path, or a report variable. */
export type SubjectKey = 'field' | 'var';

type Subject = { field: string; var?: never } | { var: string; field?: never };

export type LeafCondition = Subject & (
  | { equals: Scalar }
  | { in: Scalar[] }
  | { empty: true }
  | { notEmpty: true }
  | { from: number; to: number }
);

/** The months between two dates of the subject (`span: [start, end]`): at most `maxMonths`, or more than `overMonths`. */
export type SpanCondition = { span: [string, string] } & ({ maxMonths: number; overMonths?: never } | { overMonths: number; maxMonths?: never });

export type Condition = LeafCondition | SpanCondition | { all: Condition[] } | { any: Condition[] } | { not: Condition };

/** An `x-visible` entry: the condition showing a field, and whether the field is required while shown. */
export type VisibleCondition = Condition & { required?: boolean };

/**
 * The subject a leaf reads (its `field` or `var`).
 * @example subjectOf({ var: 'sex', in: ['MALE'] }) // 'sex'
 */
export const subjectOf = (c: LeafCondition): string => (c.field ?? c.var)!;
