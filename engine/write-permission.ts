import type { TableMeta } from './types.ts';

/** The three writes of the generic table API: a new row, a change, a delete. */
export type WriteOp = 'create' | 'update' | 'delete';

/**
 * The permission a write of a table needs: the one `x-table.write` names for that operation (a
 * case's comments: `create` CASE_COMMENTS, `delete` REM_COMMENTS), else `<permission>_EDT`; undefined
 * when the table declares no permission at all (anyone of the workspace).
 * @example writePermission({ name: 'casecomment', permission: 'CASEMAN', write: { delete: 'REM_COMMENTS' } }, 'delete') // 'REM_COMMENTS'
 * @example writePermission({ name: 'source', permission: 'SOURCES' }, 'update') // 'SOURCES_EDT'
 */
export function writePermission(meta: TableMeta, op: WriteOp): string | undefined {
  const own = meta.write?.[op];
  return own ?? (meta.permission ? `${meta.permission}_EDT` : undefined);
}
