import { describe, expect, it } from 'vitest';
import { allPermissionIds, effectivePermissions, isChangeable, isPermission } from './permissions.ts';

describe('effectivePermissions', () => {
  it('grants the ticked node, its ancestors, and _EDT only where Can modify? is ticked on a changeable node', () => {
    const p = effectivePermissions([{ permission: 'SOURCES', canChange: true }, { permission: 'CMDHISTORY', canChange: true }, { permission: 'UNITS' }], false);
    expect(p).toEqual(expect.arrayContaining(['SOURCES', 'SOURCES_EDT', 'UNITS', 'TABLES', 'ADMIN', 'CMDHISTORY', 'ADMREP']));
    expect(p).not.toContain('UNITS_EDT');
    expect(p).not.toContain('CMDHISTORY_EDT');
  });

  it('ignores ids that are not in the tree', () => {
    expect(effectivePermissions([{ permission: 'ROOT', canChange: true }], false)).toEqual([]);
  });

  it('gives an administrator every permission and every _EDT', () => {
    const p = effectivePermissions([], true);
    expect(p).toEqual(expect.arrayContaining(['CASEMAN', 'EXAM_DST_EDT', 'WORKSPACES_EDT', 'SYSSETUP']));
  });
});

describe('the permission tree', () => {
  it('lists its 77 nodes (the spec’s and ours: POPULATION, CASE_IMPORT, DHIS_EXPORT), the five modules and the system-wide ones among them', () => {
    expect(allPermissionIds()).toHaveLength(77);
    expect(allPermissionIds()).toEqual(expect.arrayContaining(['CASEMAN', 'DHIS_EXPORT', 'INVENTORY', 'LAB_MODULE', 'REPORTS', 'ADMIN', 'SYSSETUP', 'CHECKUPDT']));
  });

  it.each([
    ['CASEMAN', true, false],
    ['EXAM_CULTURE', true, true],
    ['USERS', true, true],
    ['CASE_TREAT', true, false],
    ['USERS_EDT', false, false],
    ['NO_SUCH_NODE', false, false],
  ])('%s: a permission %s, changeable %s', (id, permission, changeable) => {
    expect(isPermission(id)).toBe(permission);
    expect(isChangeable(id)).toBe(changeable);
  });

  it('gives the permissions held in alphabetical order', () => {
    expect(effectivePermissions([{ permission: 'USERS', canChange: true }], false)).toEqual(['ADMIN', 'TABLES', 'USERS', 'USERS_EDT']);
  });
});
