import { describe, expect, it } from 'vitest';
import { deriveUiSchema } from './ui-schema.ts';

describe('deriveUiSchema', () => {
  it('derives lookup widgets, and lets the layout add to them without wiping them', () => {
    const ui = deriveUiSchema({
      $id: 'x',
      type: 'object',
      'x-visible': { unitId: { field: 'kind', equals: 'A' } },
      'x-layout': { 'ui:order': ['kind', 'unitId'], unitId: { 'ui:options': { allowClear: true } }, 'x-form': 'modal' },
      properties: {
        kind: { type: 'string', enum: ['A', 'B'], 'x-enum': 'kind' },
        unitId: { type: 'string', 'x-ref': 'unit' },
        notes: { type: 'string' },
      },
    });
    expect(ui['ui:order']).toEqual(['kind', 'unitId']);
    expect(ui.unitId['ui:widget']).toBe('ref');
    expect(ui.unitId['ui:options']).toEqual({ table: 'unit', allowClear: true });
    expect(ui.kind['ui:options']).toEqual({ enumPrefix: 'kind' });
    expect(ui.notes['ui:widget']).toBe('textarea');
    expect(ui['x-form']).toBeUndefined();
  });
});
