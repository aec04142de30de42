import { describe, expect, it } from 'vitest';
import metaSchema from './meta-schema.json' with { type: 'json' };
import {
  PARAM_FIELD_PATTERN,
  paramFieldProblem,
  paramsUses,
  parsePlace,
  placeToString,
  resolveParamField,
  valueAtPlace,
} from './options-params.ts';
import type { JsonSchema } from './types.ts';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    workspace: { type: 'string' },
    unitId: { type: 'string' },
    view: { type: 'string', 'x-options': 'user-views', 'x-options-params': { unitId: 'unitId' } },
    address: { type: 'object', properties: { adminUnitId: { type: 'string' }, zone: { type: 'string', 'x-options': 'zones', 'x-options-params': { area: 'adminUnitId', ws: '../workspace' } } } },
    profiles: { type: 'array', items: { type: 'string', 'x-ref': 'userprofile', 'x-options-params': { workspaceId: 'workspace' } } },
    medicines: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          kind: { type: 'string' },
          medicineId: { type: 'string', 'x-ref': 'product', 'x-options-params': { type: 'kind', workspaceId: '../workspace', unit: '/unitId' } },
          doses: {
            type: 'array',
            items: { type: 'object', properties: { form: { type: 'string' }, unitOf: { type: 'string', 'x-options': 'dose-units', 'x-options-params': { form: 'form', kind: '../kind', ws: '../../workspace' } } } },
          },
        },
      },
    },
    part: { $ref: 'patient' },
  },
};

describe('x-options-params places', () => {
  it('writes and reads places, rows as []', () => {
    expect(placeToString(['medicines', '[]', 'doses', '[]', 'form'])).toBe('medicines[].doses[].form');
    expect(parsePlace('medicines[].doses[].form')).toEqual(['medicines', '[]', 'doses', '[]', 'form']);
    expect(parsePlace('unitId')).toEqual(['unitId']);
    expect(parsePlace('')).toEqual([]);
  });

  it('resolves a sibling, a path, a field one or more objects up, and one from the root', () => {
    expect(resolveParamField([], 'unitId')).toEqual(['unitId']);
    expect(resolveParamField(['address'], 'adminUnitId')).toEqual(['address', 'adminUnitId']);
    expect(resolveParamField(['address'], '../workspace')).toEqual(['workspace']);
    // in a row: the same row; `..` leaves the row for the object holding the table
    expect(resolveParamField(['medicines', '[]'], 'kind')).toEqual(['medicines', '[]', 'kind']);
    expect(resolveParamField(['medicines', '[]'], '../workspace')).toEqual(['workspace']);
    expect(resolveParamField(['medicines', '[]', 'doses', '[]'], '../kind')).toEqual(['medicines', '[]', 'kind']);
    expect(resolveParamField(['medicines', '[]', 'doses', '[]'], '../../workspace')).toEqual(['workspace']);
    expect(resolveParamField(['medicines', '[]', 'doses', '[]'], '/address.adminUnitId')).toEqual(['address', 'adminUnitId']);
  });

  it('refuses malformed fields and climbing above the root', () => {
    expect(resolveParamField([], '../workspace')).toBeUndefined();
    expect(resolveParamField(['medicines', '[]'], '../../workspace')).toBeUndefined();
    for (const bad of ['', 'a/b', 'a..b', '/../a', 'a.', '.a', 'medicines[].kind', './a']) expect(resolveParamField(['x'], bad)).toBeUndefined();
  });

  it('reads values, each row taking the next of the asking field’s row indexes', () => {
    const doc = { workspace: 'w', medicines: [{ kind: 'A', doses: [{ form: 'f0' }, { form: 'f1' }] }, { kind: 'B', doses: [{ form: 'g0' }] }] };
    expect(valueAtPlace(doc, ['workspace'])).toBe('w');
    expect(valueAtPlace(doc, parsePlace('medicines[].kind'), [1])).toBe('B');
    expect(valueAtPlace(doc, parsePlace('medicines[].doses[].form'), [0, 1])).toBe('f1');
    // rows not known, missing rows and steps: nothing
    expect(valueAtPlace(doc, parsePlace('medicines[].kind'))).toBeUndefined();
    expect(valueAtPlace(doc, parsePlace('medicines[].kind'), [5])).toBeUndefined();
    expect(valueAtPlace(doc, ['address', 'adminUnitId'])).toBeUndefined();
    expect(valueAtPlace(undefined, ['workspace'])).toBeUndefined();
  });

  it('finds every use with the place its fields are relative to', () => {
    expect(paramsUses(schema).map((u) => [u.pointer, placeToString(u.holder)])).toEqual([
      ['/properties/view', ''],
      ['/properties/address/properties/zone', 'address'],
      ['/properties/profiles/items', ''],
      ['/properties/medicines/items/properties/medicineId', 'medicines[]'],
      ['/properties/medicines/items/properties/doses/items/properties/unitOf', 'medicines[].doses[]'],
    ]);
  });

  it('checks each field exists where it points (rows, parent form, root); a $ref part cannot be told', () => {
    for (const use of paramsUses(schema)) {
      for (const field of Object.values(use.params)) expect(paramFieldProblem(schema, use.holder, field)).toBeUndefined();
    }
    expect(paramFieldProblem(schema, [], 'nosuch')).toMatch(/unknown field "nosuch"/);
    expect(paramFieldProblem(schema, ['medicines', '[]'], 'workspace')).toMatch(/unknown field "medicines\[\]\.workspace"/);
    // a name never steps into rows: the table's column has no single value
    expect(paramFieldProblem(schema, [], 'medicines.kind')).toMatch(/unknown field/);
    expect(paramFieldProblem(schema, [], '../unitId')).toMatch(/not a field path/);
    expect(paramFieldProblem(schema, [], 7)).toBe('must be a string');
    expect(paramFieldProblem(schema, [], 'part.name')).toBeUndefined();
  });

  it('has the meta-schema’s syntax', () => {
    const prop = (metaSchema as any).$defs.prop.properties['x-options-params'];
    expect(prop.additionalProperties.pattern).toBe(PARAM_FIELD_PATTERN);
  });
});
