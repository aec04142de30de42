import { t, type Lang } from '../../../engine/i18n.ts';
import type { TableDef } from '../../../engine/types.ts';
import { kyselyByName as db } from '../../db/kysely.ts';
import type { Em } from '../../db/orm.ts';
import { fail } from '../../http/errors.ts';
import type { Doc } from '../../types.ts';
import { childRowsToItems, planChildRows } from '../rows.ts';
import { wroteTable } from '../../db/lookup-cache.ts';

/**
 * Adds each document's child rows (the table's arrays: `<table>_<prop>`) in their stored order.
 * The parents were read within the limits; their children follow them.
 * @example await loadChildren(def, em, [doc]) // doc.permissions = [{permission: 'SOURCES', canChange: true}]
 */
export async function loadChildren(def: TableDef, em: Em, docs: Doc[]): Promise<void> {
  if (!docs.length) return;
  const ids = docs.map((d) => d.id);
  for (const child of def.children) {
    const rows = await db(em).selectFrom(child.table).selectAll().where('parent_id', 'in', ids).orderBy('idx').execute();
    for (const d of docs) d[child.prop] = childRowsToItems(child, rows.filter((r) => r.parent_id === d.id));
  }
}

/**
 * Stores the document's child rows: rows keep their ids across saves — a changed row is updated,
 * a new one inserted (with the id the client chose, if free), a missing one deleted, `idx` kept
 * as the order (`planChildRows`). An id of another parent's row is refused (409), never moved.
 * @example await writeChildren(def, em, id, doc, false, 'ru')
 */
export async function writeChildren(def: TableDef, em: Em, id: string, doc: Doc, isNew: boolean, lang: Lang): Promise<void> {
  for (const child of def.children) {
    wroteTable(em, child.table);
    const items = Array.isArray(doc[child.prop]) ? (doc[child.prop] as unknown[]) : [];
    const stored = isNew ? [] : await db(em).selectFrom(child.table).selectAll().where('parent_id', '=', id).execute();
    const plan = planChildRows(child, id, stored, items, lang);
    if (plan.remove.length) await db(em).deleteFrom(child.table).where('parent_id', '=', id).where('id', 'in', plan.remove).execute();
    for (const u of plan.update) await db(em).updateTable(child.table).set(u.values).where('parent_id', '=', id).where('id', '=', u.id).execute();
    if (!plan.insert.length) continue;
    const taken = await db(em).selectFrom(child.table).select('id').where('id', 'in', plan.insert.map((r) => r.id as string)).executeTakeFirst();
    if (taken) throw fail(409, t(lang, 'msg.idTaken'), `${child.prop}.${plan.insert.find((r) => r.id === taken.id)!.idx}.id`);
    await db(em).insertInto(child.table).values(plan.insert).execute();
  }
}
