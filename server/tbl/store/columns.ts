import { sql } from 'kysely';
import { columnOf } from '../../../engine/naming.ts';
import { getPath } from '../../../engine/path.ts';
import type { Field, TableDef } from '../../../engine/types.ts';
import type { Stored } from '../../types.ts';
import { isoTimestamp } from '../../db/timestamp.ts';
import type { OrderKey } from '../keyset.ts';
import { rowToDoc } from '../rows.ts';

/**
 * The SQL expression of a field: its column, or the joined column of an `x-via` field.
 * @example colExpr(loginField) // 'j_userId.login'
 */
export function colExpr(f: Field): string {
  if (!f.via) return `t.${f.column}`;
  return `j_${f.via.refKey}.${columnOf(f.via.targetKey.split('.'))}`;
}

/**
 * What a statement selects for the given fields: the system columns, then each stored field (an
 * `x-via` field under its own name).
 * @example q.select(selectColumns(def.fields))
 */
export function selectColumns(fields: Field[]): any[] {
  const out: any[] = ['t.id', 't.version', 't.updated_at'];
  for (const f of fields) {
    if (f.kind === 'none') continue;
    out.push(f.via ? sql.ref(colExpr(f)).as(f.column) : `t.${f.column}`);
  }
  return out;
}

/**
 * What every stored row carries: its id, version (for stale-update checks) and last change.
 * @example systemFields(row) // {id, version: 3, updatedAt: '2025-01-10T08:00:00.000Z'}
 */
export function systemFields(row: Record<string, any>): Stored {
  return {
    id: row.id as string,
    version: Number(row.version),
    // the timestamp's text (or a Date) becomes ISO 8601, without Date's slow parse of the usual text
    updatedAt: isoTimestamp(row.updated_at),
  };
}

/**
 * The fields a list shows (`x-list.columns` plus title, subtitle, label, order, badges and refs), or every field.
 * @example listFields(registry.table('tbcase')).map((f) => f.key) // ['caseNumber', 'patientId', …]
 */
export function listFields(def: TableDef): Field[] {
  let fields = listed.get(def);
  if (!fields) listed.set(def, (fields = fieldsListed(def)));
  return fields;
}

/** The fields each table's list shows, found once per table (a list asks on every page). */
const listed = new WeakMap<TableDef, Field[]>();

function fieldsListed(def: TableDef): Field[] {
  const l = def.list;
  if (!l.columns) return def.fields;
  const keys = new Set([...l.columns, l.title, l.subtitle, ...(l.label ?? []), ...(l.order ?? []).map((k) => k.replace(/^-/, '')), ...(l.badges ?? []).map((b) => b.field), ...(l.refs ?? [])]);
  return def.fields.filter((f) => keys.has(f.key) || keys.has(f.path[0]));
}

/** A key of a list's order, with the field it reads (none for the closing id). */
export type ListKey = OrderKey & { field?: Field };

/**
 * The order of a list: `x-list.order`, then the id in the last key's direction (one index serves both).
 * @example orderKeys(source) // [{expr: 't.name', desc: false, …}, {expr: 't.id', desc: false, nullable: false}]
 */
export function orderKeys(def: TableDef): ListKey[] {
  const keys: ListKey[] = [];
  for (const key of def.list.order ?? []) {
    const f = def.fields.find((x) => x.key === key.replace(/^-/, ''));
    if (f && f.kind !== 'none') keys.push({ expr: colExpr(f), desc: key.startsWith('-'), nullable: !(def.schema.required ?? []).includes(f.key) || !!f.via, field: f });
  }
  keys.push({ expr: 't.id', desc: keys.at(-1)?.desc ?? false, nullable: false });
  return keys;
}

/**
 * A row's value of an order key, as the cursor keeps it (dates as the document writes them).
 * @example cursorValue({expr: 't.id', desc: false, nullable: false}, row) // row.id
 */
export function cursorValue(k: ListKey, row: Record<string, unknown>): unknown {
  if (!k.field) return row.id;
  return getPath(rowToDoc([k.field], row), k.field.path) ?? null;
}
