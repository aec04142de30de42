import { describe, expect, it } from 'vitest';
import { lookupParams } from './optionsLoader.ts';
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
