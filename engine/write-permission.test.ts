// The permission a write of the generic table API needs (engine/write-permission.ts): the one the
// table names for that operation, else `<permission>_EDT`, else none (any user of the workspace).
import { describe, expect, it } from 'vitest';
import type { TableMeta } from './types.ts';
import { writePermission, type WriteOp } from './write-permission.ts';

const comments = { name: 'casecomment', permission: 'CASEMAN', write: { create: 'CASE_COMMENTS', delete: 'REM_COMMENTS' } } as unknown as TableMeta;
const sources = { name: 'source', permission: 'SOURCES' } as unknown as TableMeta;
const open = { name: 'note' } as unknown as TableMeta;
const ownOnly = { name: 'draft', write: { update: 'DRAFTS' } } as unknown as TableMeta;

describe('writePermission', () => {
  it.each<[string, TableMeta, WriteOp, string | undefined]>([
    ['a comment written: its own create permission', comments, 'create', 'CASE_COMMENTS'],
    ['a comment changed: no own permission, the table’s _EDT', comments, 'update', 'CASEMAN_EDT'],
    ['a comment deleted: its own delete permission', comments, 'delete', 'REM_COMMENTS'],
    ['a source created', sources, 'create', 'SOURCES_EDT'],
    ['a source changed', sources, 'update', 'SOURCES_EDT'],
    ['a source deleted', sources, 'delete', 'SOURCES_EDT'],
    ['a table without a permission: none', open, 'update', undefined],
    ['a table without a permission, its operation named', ownOnly, 'update', 'DRAFTS'],
    ['a table without a permission, another operation', ownOnly, 'delete', undefined],
  ])('%s', (_, meta, op, permission) => expect(writePermission(meta, op)).toBe(permission));
});
