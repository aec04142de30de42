import type { TableDef } from '../../../engine/types.ts';
import { kyselyByName as db } from '../../db/kysely.ts';
import { batchColumns } from '../../db/batch-rows.ts';
import type { Em } from '../../db/orm.ts';
import type { Doc } from '../../types.ts';

/**
 * Display names of rows by id (for history values and option labels): the columns joined by
 * spaces. It reads labels of ids the caller already holds (from rows read within their limits),
 * so it adds no limits of its own. Rows an import's chunk has just made (the case's new patient) are
 * named as the chunk wrote them, without asking (server/db/batch-rows.ts).
 * @example await rowNames(em, 'adminunit', [id]) // Map {id => 'Бишкек'}
 */
export async function rowNames(em: Em, table: string, ids: string[], labelColumns: string | string[] = 'name'): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const cols = Array.isArray(labelColumns) ? labelColumns : [labelColumns];
  const rows = batchColumns(em, table, ids, cols) ?? (await db(em).selectFrom(table).select(['id', ...cols]).where('id', 'in', ids).execute());
  return new Map(rows.map((r) => [r.id as string, cols.map((c) => r[c]).filter((v) => v != null && v !== '').join(' ')]));
}

/**
 * For each ref of `x-list.refs`, adds `{id, name}` under the field's name without `Id`, named by the target's label.
 * @example await joinRefs(def, em, [doc]) // doc.ownerUnit = {id, name: 'ЦСМ №1'}
 */
export async function joinRefs(def: TableDef, em: Em, docs: Doc[]): Promise<void> {
  for (const key of def.list.refs ?? []) {
    const f = def.fields.find((x) => x.key === key);
    if (!f?.ref) continue;
    const ids = [...new Set(docs.map((d) => d[key]).filter(Boolean))];
    if (!ids.length) continue;
    const names = await rowNames(em, f.ref, ids, f.refLabel);
    const as = key.replace(/Id$/, '');
    for (const d of docs) if (d[key]) d[as] = { id: d[key], name: names.get(d[key]) };
  }
}
