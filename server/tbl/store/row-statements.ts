import { sql } from 'kysely';
import { kyselyByName as db } from '../../db/kysely.ts';
import type { Doc } from '../../types.ts';
import { docToRow } from '../rows.ts';
import { writeChildren } from './children.ts';
import type { TableLimits } from './limits.ts';
import { wroteTable } from '../../db/lookup-cache.ts';

// The row statements of the table writer (`server/tbl/write.ts`), which alone calls them: it
// validates, runs the hooks, bumps versions and records the change around them.

/**
 * Inserts the document as a new row (in the limits' workspace) with its child rows.
 * @example await insertRow(limits, id, { name: 'Бишкек' })
 */
export async function insertRow(l: TableLimits, id: string, doc: Doc): Promise<void> {
  const row: Record<string, unknown> = { id, ...docToRow(l.def.fields, doc) };
  if (l.def.meta.workspace) row.workspace_id = l.access.workspaceId;
  // the row as the batch knows it: version 1, every table's column default
  wroteTable(l.em, l.def.name, { id, made: { ...row, version: 1 } });
  await db(l.em).insertInto(l.def.name).values(row).execute();
  await writeChildren(l.def, l.em, id, doc, true, l.lang);
}

/**
 * Writes the document over the row (within the limits) and its child rows; the new version, or
 * undefined when no row within the limits has that id.
 * @example await updateRow(limits, id, doc) // 4
 */
export async function updateRow(l: TableLimits, id: string, doc: Doc): Promise<number | undefined> {
  wroteTable(l.em, l.def.name, { id, columns: null });
  const row = { ...docToRow(l.def.fields, doc), updated_at: sql`now()`, version: sql`version + 1` };
  const q = l.limit(db(l.em).updateTable(l.def.name).set(row).where('id', '=', id), '');
  const done = await q.returning('version').executeTakeFirst();
  await writeChildren(l.def, l.em, id, doc, false, l.lang);
  return done?.version;
}

/**
 * Deletes the row within the limits (its child rows cascade); how many rows went (0 or 1).
 * @example await deleteRow(limits, id) // 1
 */
export async function deleteRow(l: TableLimits, id: string): Promise<number> {
  wroteTable(l.em, l.def.name, { id, columns: null });
  const r = await l.limit(db(l.em).deleteFrom(l.def.name).where('id', '=', id), '').executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}
