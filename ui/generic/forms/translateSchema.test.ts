import { describe, expect, it } from 'vitest';
import { lookupParams, rowsOf } from './optionsLoader.ts';
import { translateSchema } from './translateSchema.ts';

const t = (k: string) => `«${k}»`;

describe('translateSchema', () => {
  const schema = {
    $id: 'unit',
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'unit.title',
    type: 'object',
    'x-layout': { 'ui:order': ['type', 'name'], 'x-form': 'modal' },
    properties: {
      type: { type: 'string', enum: ['TBUNIT', 'LAB'], 'x-enum': 'unitType', title: 'unit.type' },
      name: { type: 'string', title: 'global.name' },
      address: { $ref: '#/$defs/address' },
      supplierId: { type: 'string', 'x-ref': 'source', title: 'unit.supplierId' },
      substances: { type: 'array', items: { type: 'string', 'x-ref': 'substance' }, title: 'product.substances' },
      view: { type: 'string', 'x-options': 'user-views', 'x-options-params': { unitId: 'unitId' }, title: 'userws.view' },
      createdBy: { type: 'string', 'x-readonly': true },
      workspace: { type: 'string', 'x-ref': 'workspace' },
      unitProfiles: { type: 'array', items: { type: 'string', 'x-ref': 'userprofile', 'x-options-params': { workspaceId: 'workspace' } } },
      medicines: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            kind: { type: 'string' },
            medicineId: { type: 'string', 'x-ref': 'product', 'x-options-params': { type: 'kind', workspaceId: '../workspace', unit: '/unitId' } },
            doses: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  form: { type: 'string' },
                  unitOf: { type: 'string', 'x-options': 'dose-units', 'x-options-params': { form: 'form', kind: '../kind' } },
                  alts: { type: 'array', items: { type: 'string', 'x-ref': 'product', 'x-options-params': { form: 'form' } } },
                },
              },
            },
          },
        },
      },
      permissions: {
        type: 'array',
        items: { type: 'object', properties: { permission: { type: 'string', 'x-options': 'perms-tree' }, canChange: { type: 'boolean', title: 'userprofile.canChange' } } },
      },
    },
    $defs: {
      address: {
        type: 'object',
        title: 'address.title',
        properties: {
          adminUnitId: { type: 'string', 'x-ref': 'adminunit', title: 'address.adminUnitId' },
          zoneId: { type: 'string', 'x-options': 'zones', 'x-options-params': { area: 'adminUnitId' } },
        },
      },
    },
  };

  const { schema: out, uiSchema } = translateSchema(schema, undefined, t) as { schema: any; uiSchema: any };

  it('translates titles and drops the entity title and $schema', () => {
    expect(out.title).toBeUndefined();
    expect(out.$schema).toBeUndefined();
    expect(out.properties.name.title).toBe('«global.name»');
  });

  it('inlines local $refs, translating what they bring', () => {
    expect(out.properties.address.title).toBe('«address.title»');
    expect(out.properties.address.properties.adminUnitId.title).toBe('«address.adminUnitId»');
    expect(uiSchema.address.adminUnitId['ui:options'].source).toEqual({ path: 'address.adminUnitId', ref: 'adminunit', lookup: undefined });
  });

  it('derives enum labels, ref widgets, multi-selects, read-only and the permission tree', () => {
    expect(uiSchema.type['ui:enumNames']).toEqual(['«unitType.TBUNIT»', '«unitType.LAB»']);
    expect(uiSchema.supplierId['ui:widget']).toBe('RefWidget');
    expect(uiSchema.substances['ui:options'].multiple).toBe(true);
    expect(uiSchema.view['ui:options'].source.lookup).toBe('user-views');
    expect(uiSchema.createdBy['ui:readonly']).toBe(true);
    expect(uiSchema.permissions['ui:field']).toBe('PermissionTree');
    expect(uiSchema['ui:order']).toEqual(['type', 'name']);
    expect(uiSchema['x-form']).toBeUndefined();
  });

  it('makes x-options-params paths to sibling fields, whose values become the lookup parameters', () => {
    const view = uiSchema.view['ui:options'].source;
    expect(view.params).toEqual({ unitId: 'unitId' });
    const zone = uiSchema.address.zoneId['ui:options'].source;
    expect(zone.params).toEqual({ area: 'address.adminUnitId' });
    expect(lookupParams(view, { unitId: 'u1', address: { adminUnitId: 'a1' } })).toEqual({ unitId: 'u1' });
    expect(lookupParams(zone, { unitId: 'u1', address: { adminUnitId: 'a1' } })).toEqual({ area: 'a1' });
    // empty fields are not sent; a source without params sends nothing
    expect(lookupParams(view, { unitId: '' })).toEqual({});
    expect(lookupParams(uiSchema.supplierId['ui:options'].source, { unitId: 'u1' })).toEqual({});
  });

  it('makes x-options-params of table rows places with [] for the row, relative to the row', () => {
    const medicine = uiSchema.medicines.items.medicineId['ui:options'].source;
    expect(medicine).toEqual({
      path: 'medicines.medicineId',
      ref: 'product',
      lookup: undefined,
      params: { type: 'medicines[].kind', workspaceId: 'workspace', unit: 'unitId' },
      at: 'medicines[].medicineId',
    });
    const unitOf = uiSchema.medicines.items.doses.items.unitOf['ui:options'].source;
    expect(unitOf.params).toEqual({ form: 'medicines[].doses[].form', kind: 'medicines[].kind' });
    expect(unitOf.at).toBe('medicines[].doses[].unitOf');
    // a list of refs in a row: its parameters are the list's siblings, its place the list's
    const alts = uiSchema.medicines.items.doses.items.alts['ui:options'].source;
    expect(alts).toMatchObject({ params: { form: 'medicines[].doses[].form' }, at: 'medicines[].doses[].alts' });
    expect(uiSchema.medicines.items.doses.items.alts['ui:options'].multiple).toBe(true);
    // outside rows no place is kept; a list of refs' parameters are its siblings
    expect(uiSchema.view['ui:options'].source.at).toBeUndefined();
    expect(uiSchema.unitProfiles['ui:options'].source.params).toEqual({ workspaceId: 'workspace' });
  });

  it('reads the row of the asking field from its rjsf id, and that row’s values', () => {
    const medicine = uiSchema.medicines.items.medicineId['ui:options'].source;
    const unitOf = uiSchema.medicines.items.doses.items.unitOf['ui:options'].source;
    const alts = uiSchema.medicines.items.doses.items.alts['ui:options'].source;
    expect(rowsOf(medicine, 'root_medicines_1_medicineId')).toEqual([1]);
    expect(rowsOf(unitOf, 'root_medicines_12_doses_0_unitOf')).toEqual([12, 0]);
    expect(rowsOf(alts, 'root_medicines_0_doses_1_alts')).toEqual([0, 1]);
    expect(rowsOf(unitOf, 'form.medicines.3.doses.4.unitOf', 'form', '.')).toEqual([3, 4]);
    expect(rowsOf(medicine, 'root_medicines_1_other')).toBeUndefined();
    expect(rowsOf(uiSchema.view['ui:options'].source, 'root_view')).toEqual([]);

    const doc = {
      unitId: 'u1',
      workspace: 'w1',
      medicines: [
        { kind: 'A', doses: [{ form: 'tab' }] },
        { kind: 'B', doses: [{ form: 'inj' }, { form: '' }] },
      ],
    };
    expect(lookupParams(medicine, doc, [0])).toEqual({ type: 'A', workspaceId: 'w1', unit: 'u1' });
    expect(lookupParams(medicine, doc, [1])).toEqual({ type: 'B', workspaceId: 'w1', unit: 'u1' });
    expect(lookupParams(unitOf, doc, [1, 0])).toEqual({ form: 'inj', kind: 'B' });
    // an empty field of the row is left out; a row not known sends only what is outside rows
    expect(lookupParams(unitOf, doc, [1, 1])).toEqual({ kind: 'B' });
    expect(lookupParams(medicine, doc)).toEqual({ workspaceId: 'w1', unit: 'u1' });
    expect(lookupParams(alts, doc, [0, 0])).toEqual({ form: 'tab' });
  });

  it('keeps a widget the server uiSchema already chose', () => {
    const res = translateSchema(schema, { supplierId: { 'ui:widget': 'ref', 'ui:title': 'x.y' } }, t) as { uiSchema: any };
    expect(res.uiSchema.supplierId['ui:widget']).toBe('ref');
    expect(res.uiSchema.supplierId['ui:title']).toBe('«x.y»');
  });

  it('does not modify its input', () => {
    expect(schema.title).toBe('unit.title');
    expect(schema.properties.name.title).toBe('global.name');
  });
});
