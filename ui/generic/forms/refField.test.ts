import { describe, expect, it } from 'vitest';
import { refFieldParam } from './refField.ts';

describe('refFieldParam', () => {
  const root = { $id: 'regimen' };
  it('names the field of a filtered reference, rows included', () => {
    const node = { type: 'string', 'x-ref': 'product', 'x-ref-filter': { type: 'MEDICINE' } };
    expect(refFieldParam({ path: 'medicines.medicineId', ref: 'product' }, node, root)).toEqual({ for: 'regimen.medicines.medicineId' });
  });
  it('sends nothing for a plain reference, a named lookup or a schema without id', () => {
    expect(refFieldParam({ path: 'unitId', ref: 'unit' }, { 'x-ref': 'unit' }, root)).toEqual({});
    expect(refFieldParam({ path: 'view', lookup: 'user-views' }, { 'x-options': 'user-views', 'x-ref-filter': { a: 1 } }, root)).toEqual({});
    expect(refFieldParam({ path: 'm', ref: 'product' }, { 'x-ref-filter': { type: 'MEDICINE' } }, {})).toEqual({});
  });
});
