import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { applyVisibility, ruleHolds } from './visibility.ts';

describe('x-visible', () => {
  const schema = {
    type: 'object',
    required: ['type', 'tbFacility'],
    properties: { type: { type: 'string' }, tbFacility: { type: 'boolean' }, supplierId: { type: 'string' } },
  } as RJSFSchema;
  const rules = { tbFacility: { field: 'type', equals: 'TBUNIT' }, supplierId: { field: 'receive', notEmpty: true } };

  it('evaluates equals and notEmpty', () => {
    expect(ruleHolds({ field: 'a.b', equals: 1 }, { a: { b: 1 } })).toBe(true);
    expect(ruleHolds({ field: 'a', notEmpty: true }, { a: [] })).toBe(false);
  });

  it('removes fields whose rule fails, and their required entry', () => {
    const out = applyVisibility(schema, rules, { type: 'LAB' }) as any;
    expect(Object.keys(out.properties)).toEqual(['type']);
    expect(out.required).toEqual(['type']);
    const tb = applyVisibility(schema, rules, { type: 'TBUNIT', receive: true }) as any;
    expect(Object.keys(tb.properties)).toEqual(['type', 'tbFacility', 'supplierId']);
  });
});
