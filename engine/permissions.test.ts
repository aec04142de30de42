import { describe, expect, it } from 'vitest';
import { effectivePermissions } from './permissions.ts';

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
