import { describe, expect, it } from 'vitest';
import { bundle } from './bundle.ts';
import { Registry } from './registry.ts';

const registry = new Registry([
  { $id: 'person', type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 5 } } },
  { $id: 'visit', type: 'object', properties: { date: { type: 'string', format: 'date' } } },
]);

describe('bundle', () => {
  it('inlines references to other schema files, keeping sibling keywords', () => {
    const form = bundle(registry, { $id: 'form', type: 'object', properties: { person: { $ref: 'person', title: 'who' }, visit: { $ref: 'visit' } } });
    expect(form.properties!.person).toMatchObject({ type: 'object', required: ['name'], title: 'who' });
    expect((form.properties!.visit as any).properties.date.format).toBe('date');
    expect(JSON.stringify(form)).not.toContain('$ref');
  });

  it('refuses an unknown reference', () => {
    expect(() => bundle(registry, { properties: { x: { $ref: 'nothing' } } })).toThrow(/unknown schema reference "nothing"/);
  });
});
