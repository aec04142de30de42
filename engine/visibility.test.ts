// The condition of a conditional field (`x-visible`, schema-format.md) for each kind of value, read
// the same by the server and the browser (`holds`) and by ajv (`withConditions`): `notEmpty` holds
// for a value a user filled in, and not for one left empty — missing, null, '' or an empty list.
import { describe, expect, it } from 'vitest';
import './messages.ts';
import type { JsonSchema } from './types.ts';
import { Validators } from './validate.ts';
import { holds as holdsOf } from './condition/index.ts';
import { conditionUses, dropHidden, visibleFields, withConditions, type VisibleCondition } from './visibility.ts';

/** Whether a condition holds for the value of the one field it reads. */
const holds = (rule: VisibleCondition, value: unknown) => holdsOf(rule, () => value);

const VALUES: [string, unknown, boolean][] = [
  // the value, filled in (notEmpty holds)
  ['missing', undefined, false],
  ['null', null, false],
  ['the empty text', '', false],
  ['an empty list', [], false],
  ['a text', 'x', true],
  ['a blank', ' ', true],
  ['zero', 0, true],
  ['false', false, true],
  ['a list of one', ['a'], true],
];

describe('notEmpty', () => {
  it.each(VALUES.map(([name, value, filled]) => [name, filled, value] as const))('%s: holds %s; with not: the opposite', (_name, filled, value) => {
    expect(holds({ field: 'a', notEmpty: true }, value)).toBe(filled);
    expect(holds({ not: { field: 'a', notEmpty: true } }, value)).toBe(!filled);
    expect(holds({ field: 'a', empty: true }, value)).toBe(!filled);
  });

  // a comment is shown (and required) once a number of bacilli is filled in
  const schema: JsonSchema = {
    type: 'object',
    'x-visible': { comment: { field: 'count', notEmpty: true, required: true } },
    properties: { count: {}, comment: { type: 'string', title: 'global.name' } },
  };
  const validators = new Validators();

  it.each(VALUES.filter(([, v]) => v !== undefined).map(([name, value, filled]) => [name, filled, value] as const))('ajv agrees for %s: the field it shows is required: %s', (_name, filled, value) => {
    const errors = validators.validate('notempty-test', schema, { count: value }, 'ru');
    expect(errors.map((e) => e.field)).toEqual(filled ? ['comment'] : []);
    expect(visibleFields(schema, { count: value })).toEqual(filled ? { hidden: [], required: ['comment'] } : { hidden: ['comment'], required: [] });
  });
});

describe('equals, in, and no rule', () => {
  it.each([
    ['equals the value', { field: 'a', equals: 'POSITIVE' }, 'POSITIVE', true],
    ['equals another value', { field: 'a', equals: 'POSITIVE' }, 'NEGATIVE', false],
    ['equals: a number is not its text', { field: 'a', equals: 1 }, '1', false],
    ['equals null, the value missing', { field: 'a', equals: null }, undefined, false],
    ['in the list', { field: 'a', in: ['YES', 'MANY'] }, 'MANY', true],
    ['not in the list', { field: 'a', in: ['YES', 'MANY'] }, 'NO', false],
    ['in an empty list', { field: 'a', in: [] }, 'YES', false],
    ['not equals', { not: { field: 'a', equals: 'NEGATIVE' } }, 'POSITIVE', true],
  ].map(([name, rule, value, yes]) => [name, yes, rule, value] as const))('%s → holds %s', (_name, yes, rule, value) => {
    expect(holds(rule as Parameters<typeof holds>[0], value)).toBe(yes);
  });
});

// Where each declaration is found, and how a required-while-shown field becomes if/then for ajv: on
// the nearest object holding both the field and its condition's field (a row, a nested object, the root).
describe('conditionUses: every declaration, with where it sits', () => {
  it('finds them on the root, in nested objects and in table rows, and skips what is not a rule', () => {
    const schema: JsonSchema = {
      type: 'object',
      'x-visible': { b: { field: 'a', notEmpty: true }, junk: 'not a rule', list: ['x'] },
      properties: {
        a: {}, b: {},
        plan: { type: 'object', 'x-visible': { end: { field: 'start', notEmpty: true } }, properties: { start: {}, end: {} } },
        rows: { type: 'array', items: { type: 'object', 'x-visible': { y: { field: 'x', equals: 1 } }, properties: { x: {}, y: {} } } },
        tags: { type: 'array', items: { type: 'string' } },
      },
    };
    expect(conditionUses(schema)).toEqual([
      { holder: [], name: 'b', rule: { field: 'a', notEmpty: true }, pointer: '/x-visible/b' },
      { holder: ['plan'], name: 'end', rule: { field: 'start', notEmpty: true }, pointer: '/properties/plan/x-visible/end' },
      { holder: ['rows', '[]'], name: 'y', rule: { field: 'x', equals: 1 }, pointer: '/properties/rows/items/x-visible/y' },
    ]);
  });

  it('reads no x-visible that is a list, and no rows without properties', () => {
    expect(conditionUses({ type: 'object', 'x-visible': [{ field: 'a' }], properties: {} } as unknown as JsonSchema)).toEqual([]);
    expect(conditionUses({ type: 'array', items: { 'x-visible': { a: { field: 'b' } } } } as JsonSchema)).toEqual([]);
  });
});

describe('visibleFields: edge cases of the document', () => {
  const schema: JsonSchema = {
    type: 'object',
    'x-visible': {
      detail: { field: 'kind', equals: 'OTHER' },
      broken: { field: 'no such path!', notEmpty: true },
      note: { field: 'detail', notEmpty: true, required: true },
    },
    properties: {
      kind: {}, detail: {}, note: {}, broken: {},
      rows: { type: 'array', items: { type: 'object', 'x-visible': { y: { field: 'x', equals: 1, required: true } }, properties: { x: {}, y: {} } } },
    },
  };

  it('hides a field whose condition names no field, and requires only what is shown', () => {
    expect(visibleFields(schema, { kind: 'OTHER', detail: 'd' })).toEqual({ hidden: ['broken'], required: ['note'] });
  });

  it('does not change the document it reads, though it reads it without the hidden values', () => {
    const doc = { kind: 'USUAL', detail: 'd', note: 'n', rows: [{ x: 2, y: 3 }] };
    const copy = structuredClone(doc);
    expect(visibleFields(schema, doc)).toEqual({ hidden: ['detail', 'broken', 'note', 'rows.0.y'], required: [] });
    expect(doc).toEqual(copy);
  });

  it('skips rows that are not objects, and a row list that is not a list', () => {
    expect(visibleFields(schema, { kind: 'OTHER', detail: 'd', note: 'n', rows: [null, 'x', { x: 1 }] })).toEqual({ hidden: ['broken'], required: ['note', 'rows.2.y'] });
    expect(visibleFields(schema, { kind: 'OTHER', detail: 'd', note: 'n', rows: 'none' })).toEqual({ hidden: ['broken'], required: ['note'] });
  });
});

describe('dropHidden: defaults put back', () => {
  it('gives a hidden field of a row its declared default, and leaves a field without one out', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        rows: {
          type: 'array',
          items: { type: 'object', 'x-visible': { flag: { field: 'x', equals: 1 }, y: { field: 'x', equals: 1 } }, properties: { x: {}, flag: { type: 'boolean', default: false }, y: {} } },
        },
      },
    };
    const out = dropHidden(schema, { rows: [{ x: 1, flag: true, y: 2 }, { x: 2, flag: true, y: 2 }] }) as { rows: object[] };
    expect(out).toEqual({ rows: [{ x: 1, flag: true, y: 2 }, { x: 2, flag: false }] });
    // the field without a default is gone, not kept as undefined (a JSON body would not send it either)
    expect(Object.keys(out.rows[1])).toEqual(['x', 'flag']);
    // the eleventh row too (a row index of two digits)
    const many = Array.from({ length: 11 }, (_, i) => ({ x: i === 10 ? 2 : 1, flag: true }));
    expect((dropHidden(schema, { rows: many }) as { rows: object[] }).rows[10]).toEqual({ x: 2, flag: false });
  });

  it('gives a list default its own copy', () => {
    const schema: JsonSchema = { type: 'object', 'x-visible': { tags: { field: 'on', equals: true } }, properties: { on: {}, tags: { type: 'array', default: [] } } };
    const a = dropHidden(schema, { on: false, tags: ['x'] }) as { tags: string[] };
    expect(a).toEqual({ on: false, tags: [] });
    a.tags.push('changed');
    expect((schema.properties!.tags as JsonSchema).default).toEqual([]);
  });
});

describe('withConditions: the if/then ajv reads', () => {
  const rule = (schema: JsonSchema) => withConditions(schema).allOf;

  it('leaves a schema without a required-while-shown field as it is', () => {
    const schema: JsonSchema = { type: 'object', 'x-visible': { b: { field: 'a', equals: 1 } }, properties: { a: {}, b: {} } };
    expect(withConditions(schema)).toBe(schema);
  });

  it.each<[string, unknown, unknown]>([
    ['equals', { field: 'a', equals: 1, required: true }, { properties: { a: { const: 1 } }, required: ['a'] }],
    ['in', { field: 'a', in: [1, 2], required: true }, { properties: { a: { enum: [1, 2] } }, required: ['a'] }],
    ['notEmpty', { field: 'a', notEmpty: true, required: true }, { properties: { a: { not: { enum: [null, '', []] } } }, required: ['a'] }],
    ['not equals', { not: { field: 'a', equals: 1 }, required: true }, { not: { properties: { a: { const: 1 } }, required: ['a'] } }],
    ['a field inside an object', { field: 'p.a', equals: 1, required: true }, { properties: { p: { properties: { a: { const: 1 } }, required: ['a'] } }, required: ['p'] }],
  ])('%s', (_, condition, test) => {
    expect(rule({ type: 'object', 'x-visible': { b: condition }, properties: { a: {}, b: {}, p: { type: 'object', properties: { a: {} } } } })).toEqual([{ if: test, then: { required: ['b'] } }]);
  });

  it('puts a row field read from the root on the root, stepping into the rows', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { kind: {}, rows: { type: 'array', items: { type: 'object', 'x-visible': { y: { field: '/kind', equals: 'K', required: true }, z: { field: '../kind', equals: 'L', required: true } }, properties: { y: {}, z: {} } } } },
    };
    expect(rule(schema)).toEqual([
      { if: { properties: { kind: { const: 'K' } }, required: ['kind'] }, then: { properties: { rows: { items: { required: ['y'] } } } } },
      { if: { properties: { kind: { const: 'L' } }, required: ['kind'] }, then: { properties: { rows: { items: { required: ['z'] } } } } },
    ]);
  });

  it('puts a nested object\'s rule on that object, keeping the rules already there', () => {
    const schema: JsonSchema = {
      type: 'object',
      allOf: [{ required: ['plan'] }],
      properties: {
        plan: { type: 'object', allOf: [{ required: ['start'] }], 'x-visible': { end: { field: 'start', notEmpty: true, required: true } }, properties: { start: {}, end: {} } },
        other: { type: 'object', 'x-visible': { q: { field: '/plan.start', notEmpty: true, required: true } }, properties: { q: {} } },
      },
    };
    const out = withConditions(schema);
    expect((out.properties!.plan as JsonSchema).allOf).toEqual([{ required: ['start'] }, { if: { properties: { start: { not: { enum: [null, '', []] } } }, required: ['start'] }, then: { required: ['end'] } }]);
    expect(out.allOf).toEqual([
      { required: ['plan'] },
      { if: { properties: { plan: { properties: { start: { not: { enum: [null, '', []] } } }, required: ['start'] } }, required: ['plan'] }, then: { properties: { other: { required: ['q'] } } } },
    ]);
    // the schema it was given is left alone
    expect(schema.allOf).toEqual([{ required: ['plan'] }]);
  });

  it('skips a rule whose field is no path', () => {
    expect(rule({ type: 'object', 'x-visible': { b: { field: 'no such path!', equals: 1, required: true } }, properties: { b: {} } })).toBeUndefined();
  });
});
