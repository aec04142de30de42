import { describe, expect, it } from 'vitest';
import { diffDocs, isEmptyDiff } from './diff.ts';
import { Registry } from './registry.ts';
import type { EntitySchemaFile } from './types.ts';

const plan = new Registry([
  {
    $id: 'plan', type: 'object', additionalProperties: false, 'x-table': { name: 'plan' },
    properties: {
      name: { type: 'string' },
      rows: { type: 'array', items: { type: 'object', additionalProperties: false, properties: { drug: { type: 'string' }, dose: { type: 'integer' } } } },
      tags: { type: 'array', items: { type: 'string' } },
    },
  } as EntitySchemaFile,
]).table('plan');

describe('diffDocs of child rows', () => {
  it('gives object rows a system id in the schema, not a column', () => {
    expect((plan.schema.properties!.rows.items as any).properties.id).toMatchObject({ type: 'string', format: 'uuid', 'x-hidden': true });
    expect(plan.children.find((c) => c.prop === 'rows')!.fields.map((f) => f.key)).toEqual(['drug', 'dose']);
  });

  it('names a kept row (same id) whose fields changed as a changed row, not a removal and an addition', () => {
    const d = diffDocs(plan, { rows: [{ id: 'a', drug: 'H', dose: 1 }, { id: 'b', drug: 'R', dose: 2 }] }, { rows: [{ id: 'a', drug: 'H', dose: 3 }, { id: 'b', drug: 'R', dose: 2 }] });
    expect(d.added).toEqual([]);
    expect(d.removed).toEqual([]);
    expect(d.rows).toEqual([{ field: 'rows', id: 'a', prev: { id: 'a', drug: 'H', dose: 1 }, next: { id: 'a', drug: 'H', dose: 3 }, changes: [{ field: 'dose', prevValue: 1, newValue: 3 }] }]);
    expect(d.reordered).toEqual([]);
  });

  it('sees a new order of kept rows, and additions and removals by id', () => {
    const d = diffDocs(plan, { rows: [{ id: 'a', drug: 'H' }, { id: 'b', drug: 'R' }, { id: 'c', drug: 'Z' }] }, { rows: [{ id: 'c', drug: 'Z' }, { id: 'a', drug: 'H' }, { id: 'd', drug: 'E' }] });
    expect(d.added).toEqual([{ field: 'rows', value: { id: 'd', drug: 'E' } }]);
    expect(d.removed).toEqual([{ field: 'rows', value: { id: 'b', drug: 'R' } }]);
    expect(d.reordered.map((r) => r.field)).toEqual(['rows']);
  });

  it('matches rows without ids and plain values by content: the same list is no change', () => {
    expect(isEmptyDiff(diffDocs(plan, { rows: [{ drug: 'H', dose: 1 }], tags: ['x', 'y'] }, { rows: [{ drug: 'H', dose: 1 }], tags: ['x', 'y'] }))).toBe(true);
    const d = diffDocs(plan, { tags: ['x', 'y'] }, { tags: ['y', 'z'] });
    expect([d.added, d.removed]).toEqual([[{ field: 'tags', value: 'z' }], [{ field: 'tags', value: 'x' }]]);
  });
});
