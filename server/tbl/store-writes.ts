import type { Doc } from '../types.ts';
import type { TableStore } from './store.ts';
import { deleteRow, insertRow, updateRow } from './store/row-statements.ts';

/**
 * The row statements of the table writer's doors (`write.ts`, `system-write.ts`, `batch-write.ts`):
 * insert, update and delete within a store's workspace and view. Only files of server/tbl import
 * this (tests/architecture/one-writer.test.ts fails on any other): everything else changes rows
 * through the writer, which validates, checks references, writes the history and feeds the change.
 * @example await storeWrites(TableStore.of(registry, def, em, session, 'write')).update(id, doc) // the new version
 */
export function storeWrites(store: TableStore) {
  const { limits } = store;
  return {
    /** @example await rows.insert(id, doc) */
    insert: (id: string, doc: Doc): Promise<void> => insertRow(limits, id, doc),
    /** Writes the document over the row (within the workspace and view); answers the new version. */
    update: (id: string, doc: Doc): Promise<number | undefined> => updateRow(limits, id, doc),
    /** @example await rows.delete(id) // 1, or 0 outside the view */
    delete: (id: string): Promise<number> => deleteRow(limits, id),
  };
}
