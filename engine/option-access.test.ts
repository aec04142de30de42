import { describe, expect, it } from 'vitest';
import { loadSchemas } from './load.ts';
import { canReadOptions, lookupReaders, lookupsOf, otherWorkspaceReaders, schemaPermission } from './option-access.ts';
import { Registry } from './registry.ts';
import type { EntitySchemaFile } from './types.ts';

const table = (name: string, permission: string | undefined, properties: Record<string, unknown>, extra: object = {}): EntitySchemaFile =>
  ({ $id: name, type: 'object', 'x-table': { name, workspace: true, ...(permission ? { permission } : {}), ...extra }, properties } as EntitySchemaFile);

const registry = new Registry([
  table('drug', 'DRUGS', { name: { type: 'string' } }),
  table('ward', 'WARDS', { name: { type: 'string' } }, { read: 'any' }),
  table('open', undefined, { name: { type: 'string' } }),
  table('secret', 'SECRETS', { name: { type: 'string' } }),
  table('plan', 'PLANS', {
    name: { type: 'string' },
    rows: { type: 'array', 'x-child': true, items: { type: 'object', properties: { drugId: { type: 'string', 'x-ref': 'drug' } } } },
    kind: { type: 'string', 'x-options': 'plan-kinds' },
  }),
  table('bed', 'BEDS', { name: { type: 'string' }, supplierId: { type: 'string', 'x-ref': 'vendor' } }, { read: 'any' }),
  table('vendor', 'VENDORS', { name: { type: 'string' } }),
  table('stay', 'STAYS', { wardId: { type: 'string', 'x-ref': 'ward' }, note: { type: 'object', properties: { secretId: { type: 'string', 'x-ref': 'secret' } } } }),
  {
    $id: 'admit',
    type: 'object',
    'x-form': { parts: { plan: 'plan', stay: 'stay' }, permission: 'ADMIT' },
    properties: { plan: { $ref: 'plan' }, stay: { $ref: 'stay', 'x-pick': ['wardId'] } },
  } as EntitySchemaFile,
]);
const holding = (...perms: string[]) => (p: string) => perms.includes(p);

describe('lookupsOf', () => {
  it('finds x-ref and x-options in child rows, nested objects and composed parts, honouring x-pick', () => {
    expect([...lookupsOf(registry, registry.schemas.get('plan')!)].sort()).toEqual(['drug', 'plan-kinds']);
    expect([...lookupsOf(registry, registry.schemas.get('stay')!)].sort()).toEqual(['secret', 'ward']);
    expect([...lookupsOf(registry, registry.schemas.get('admit')!)].sort()).toEqual(['drug', 'plan-kinds', 'ward']);
  });
});

describe('canReadOptions', () => {
  it('allows a table to its readers, to everybody when read: any or unguarded, and to holders of a referencing schema', () => {
    expect(canReadOptions(registry, 'drug', holding('DRUGS'))).toBe(true);
    expect(canReadOptions(registry, 'drug', holding('PLANS'))).toBe(true);
    expect(canReadOptions(registry, 'drug', holding('ADMIT'))).toBe(true);
    expect(canReadOptions(registry, 'drug', holding('STAYS', 'WARDS'))).toBe(false);
    expect(canReadOptions(registry, 'ward', holding())).toBe(true);
    expect(canReadOptions(registry, 'open', holding())).toBe(true);
    expect(canReadOptions(registry, 'secret', holding('STAYS'))).toBe(true);
    expect(canReadOptions(registry, 'secret', holding('ADMIT'))).toBe(false);
  });

  it('lets every user read the lookups of a table every user may read (its read-only form names them)', () => {
    expect(canReadOptions(registry, 'vendor', holding())).toBe(true);
    expect(canReadOptions(registry, 'vendor', holding('DRUGS'))).toBe(true);
  });

  it('guards a named lookup referenced by x-options; leaves an unreferenced one to its provider', () => {
    expect(canReadOptions(registry, 'plan-kinds', holding('PLANS'))).toBe(true);
    expect(canReadOptions(registry, 'plan-kinds', holding('ADMIT'))).toBe(true);
    expect(canReadOptions(registry, 'plan-kinds', holding('DRUGS'))).toBe(false);
    expect(canReadOptions(registry, 'report-users', holding())).toBeUndefined();
  });

  it('computes the reference map once per registry', () => {
    expect(lookupReaders(registry)).toBe(lookupReaders(registry));
    expect([...lookupReaders(registry).get('drug')!].sort()).toEqual(['ADMIT', 'PLANS']);
  });

  it('on the project schemas: users and the system settings pick profiles; a doctor picks neither profiles nor sources', () => {
    const real = loadSchemas('schemas');
    expect(canReadOptions(real, 'userprofile', holding('USERS'))).toBe(true);
    expect(canReadOptions(real, 'userprofile', holding('SYSSETUP'))).toBe(true);
    expect(canReadOptions(real, 'userprofile', holding('CASEMAN', 'NEWCASE'))).toBe(false);
    expect(canReadOptions(real, 'source', holding('SOURCES'))).toBe(true);
    expect(canReadOptions(real, 'source', holding('CASEMAN', 'NEWCASE'))).toBe(false);
    expect(canReadOptions(real, 'substance', holding('CASEMAN', 'NEWCASE'))).toBe(false);
    expect(canReadOptions(real, 'perms-tree', holding('PROFILES'))).toBe(true);
    expect(canReadOptions(real, 'perms-tree', holding('USERS'))).toBe(false);
    expect(canReadOptions(real, 'user-views', holding('USERS'))).toBe(true);
    expect(canReadOptions(real, 'unit', holding())).toBe(true);
  });
});

describe('schemaPermission', () => {
  it.each<[string, unknown, string | undefined]>([
    ['a table’s permission', { 'x-table': { name: 't', permission: 'DRUGS' } }, 'DRUGS'],
    ['a form’s permission', { 'x-form': { permission: 'ADMIT' } }, 'ADMIT'],
    ['the table’s before the form’s', { 'x-table': { name: 't', permission: 'DRUGS' }, 'x-form': { permission: 'ADMIT' } }, 'DRUGS'],
    ['a table without one, a form with one', { 'x-table': { name: 't' }, 'x-form': { permission: 'ADMIT' } }, 'ADMIT'],
    ['neither', { type: 'object' }, undefined],
    ['a permission that is not text', { 'x-table': { name: 't', permission: 7 } }, undefined],
  ])('%s', (_, schema, permission) => expect(schemaPermission(schema as EntitySchemaFile)).toBe(permission));
});

// Only a lookup parameterised by a workspace names another workspace's rows, and only the schemas
// declaring one (with a permission) may use it: the system settings pick the registration
// workspace's unit.
describe('otherWorkspaceReaders', () => {
  const other = new Registry([
    table('unit', 'UNITS', { name: { type: 'string' } }),
    table('ward', 'WARDS', { name: { type: 'string' } }),
    {
      $id: 'settings',
      type: 'object',
      'x-form': { permission: 'SYSSETUP' },
      properties: {
        workspace: { type: 'string' },
        unitId: { type: 'string', 'x-ref': 'unit', 'x-options-params': { workspaceId: 'workspace' } },
        wardId: { type: 'string', 'x-ref': 'ward', 'x-options-params': { level: 'workspace' } },
        rows: { type: 'array', items: { type: 'object', properties: { unitId: { type: 'string', 'x-ref': 'unit', 'x-options-params': { workspaceId: '/workspace' } } } } },
      },
    } as EntitySchemaFile,
    table('move', 'MOVES', { ws: { type: 'string' }, unitId: { type: 'string', 'x-ref': 'unit', 'x-options-params': { workspaceId: 'ws' } } }),
    { $id: 'open', type: 'object', 'x-form': {}, properties: { ws: { type: 'string' }, wardId: { type: 'string', 'x-ref': 'ward', 'x-options-params': { workspaceId: 'ws' } } } } as EntitySchemaFile,
    table('plain', 'PLAIN', { unitId: { type: 'string', 'x-ref': 'unit' } }),
  ]);

  it.each<[string, string[]]>([
    ['unit', ['MOVES', 'SYSSETUP']],
    ['ward', []], // a parameter other than the workspace, or a schema with no permission
    ['drug', []],
  ])('%s: %j', (name, perms) => expect([...otherWorkspaceReaders(other, name)].sort()).toEqual(perms));

  it('is computed once per registry', () => {
    expect(otherWorkspaceReaders(other, 'unit')).toBe(otherWorkspaceReaders(other, 'unit'));
  });

  it('on the project schemas: only the system settings pick another workspace’s units and profiles', () => {
    const real = loadSchemas('schemas');
    expect([...otherWorkspaceReaders(real, 'unit')]).toEqual(['SYSSETUP']);
    expect([...otherWorkspaceReaders(real, 'patient')]).toEqual([]);
  });
});
