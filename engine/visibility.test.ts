// The condition of a conditional field (`x-visible`, schema-format.md) for each kind of value, read
// the same by the server and the browser (`holds`) and by ajv (`withConditions`): `notEmpty` holds
// for a value a user filled in, and not for one left empty — missing, null, '' or an empty list.
import { describe, expect, it } from 'vitest';
import './messages.ts';
import type { JsonSchema } from './types.ts';
import { Validators } from './validate.ts';
import { holds, visibleFields } from './visibility.ts';

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
    expect(holds({ field: 'a', notEmpty: true, not: true }, value)).toBe(!filled);
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
    ['no rule: always', { field: 'a' }, undefined, true],
    ['no rule, not: never', { field: 'a', not: true }, 'x', false],
    ['not equals', { field: 'a', equals: 'NEGATIVE', not: true }, 'POSITIVE', true],
  ].map(([name, rule, value, yes]) => [name, yes, rule, value] as const))('%s → holds %s', (_name, yes, rule, value) => {
    expect(holds(rule as Parameters<typeof holds>[0], value)).toBe(yes);
  });
});
