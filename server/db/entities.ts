import { createHash } from 'node:crypto';
import { EntitySchema } from '@mikro-orm/core';
import type { Registry } from '../../engine/registry.ts';
import { analyticTable } from '../../engine/analytic.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import type { ChildTable, Field, TableDef } from '../../engine/types.ts';

/** MikroORM entity name of a table: `country_structure` → `CountryStructure`. */
export const entityName = (table: string) => table.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** Entity property name of a field (unique within the table). */
const propName = (f: Field) => f.path.join('_');

/**
 * References are checked immediately (a row still referenced cannot be deleted, unless `x-on-delete`
 * says to cascade or set null) but are DEFERRABLE, so deleting a whole workspace can defer them to
 * commit while its rows cascade away together.
 */
function column(f: Field, required: boolean) {
  const nullable = !required;
  if (f.kind === 'ref') {
    return { kind: 'm:1' as const, entity: () => entityName(f.ref!), fieldName: f.column, nullable, deleteRule: f.onDelete ?? 'no action', deferMode: 'immediate', index: true };
  }
  if (f.kind === 'json') return { type: 'json', fieldName: f.column, nullable };
  const base = { fieldName: f.column, nullable, index: f.schema['x-index'] === true || undefined };
  if (f.type === 'string' && f.format === 'date') return { ...base, type: 'date' };
  if (f.type === 'string' && f.format === 'date-time') return { ...base, type: 'datetime' };
  if (f.type === 'string' && f.format === 'uuid') return { ...base, type: 'uuid' };
  if (f.type === 'string') return f.maxLength ? { ...base, type: 'string', length: f.maxLength } : { ...base, type: 'text' };
  // an integer allowed past 32 bits (the change feed's keys) is a bigint column
  if (f.type === 'integer') return { ...base, type: Number(f.schema.maximum) > 2147483647 ? 'bigint' : 'integer' };
  if (f.type === 'number') return { ...base, type: 'double' };
  if (f.type === 'boolean') return { ...base, type: 'boolean' };
  return { ...base, type: 'text' };
}

/** Whether a leaf must be non-null: required at every level of its path, and not only conditionally. */
function isRequired(def: TableDef, f: Field): boolean {
  let schema = def.schema as { required?: string[]; properties?: Record<string, any> };
  for (const part of f.path) {
    if (!schema.required?.includes(part)) return false;
    schema = schema.properties?.[part] ?? {};
  }
  return true;
}

const systemColumns = {
  id: { type: 'uuid', primary: true },
  createdAt: { type: 'datetime', fieldName: 'created_at', defaultRaw: 'now()' },
  updatedAt: { type: 'datetime', fieldName: 'updated_at', defaultRaw: 'now()' },
  version: { type: 'integer', default: 1 },
};

function tableEntity(def: TableDef) {
  const properties: Record<string, any> = { ...systemColumns };
  if (def.meta.workspace) {
    properties.workspace = { kind: 'm:1', entity: () => 'Workspace', fieldName: 'workspace_id', deleteRule: 'cascade', index: true };
  }
  for (const f of def.fields) {
    if (f.kind === 'none' || f.kind === 'via') continue;
    // a sub-record goes with its parent row (a case's exams with the case): the parent's tombstone stands for them
    const owned = f.key === def.meta.parent && !f.onDelete ? { ...f, onDelete: 'cascade' as const } : f;
    properties[propName(f)] = column(owned, isRequired(def, f));
  }
  const scoped = (cols: string[]) => (def.meta.workspace ? ['workspace', ...cols] : cols);
  const prop = (name: string) => propName(def.fields.find((f) => f.key === name || f.path[0] === name)!);
  return new EntitySchema({
    name: entityName(def.name),
    tableName: def.name,
    properties,
    uniques: (def.meta.unique ?? []).map((cols) => ({ properties: scoped(cols.map(prop)) })),
    indexes: [
      ...(def.meta.indexes ?? []).map((ix) => (Array.isArray(ix) ? { properties: scoped(ix.map(prop)) } : partialIndex(def, scoped(ix.fields.map((k) => (k === 'id' ? 'id' : prop(k)))), ix.except))),
      ...listIndexes(def), ...searchIndexes(def), ...textIndexes(def),
    ],
  } as any);
}

/**
 * The index a list's order needs so a page (and a keyset page at any depth) is an index range scan:
 * workspace, then for a unit-scoped table the unit (a unit view's list), then the order and the id.
 * The id follows the last key's direction (store.ts `orderKeys`) and a descending order is read
 * backwards, so an ascending index serves every order whose keys share one direction.
 */
function listIndexes(def: TableDef) {
  const order = (def.list.order ?? []).map((k) => ({ f: def.fields.find((x) => x.key === k.replace(/^-/, '') && x.kind !== 'via' && x.kind !== 'none'), desc: k.startsWith('-') }));
  if (!order.length || order.some((o) => !o.f || o.desc !== order[0].desc)) return [];
  const keys = [...order.map((o) => propName(o.f!)), 'id'];
  const lead = def.meta.workspace ? ['workspace'] : [];
  const unit = def.meta.scope?.unit && def.fields.find((f) => f.key === def.meta.scope!.unit);
  const out = [{ name: `${def.name}_list_idx`, properties: [...lead, ...keys] }];
  if (unit) out.push({ name: `${def.name}_unit_list_idx`, properties: [...lead, propName(unit), ...keys] });
  return out;
}

/**
 * A partial index (`x-table.indexes` `{fields, except}`): the fields, without the rows whose field
 * holds the value — the open cases of a unit by classification and registration date are a range of
 * it, where the full index would also read the closed half.
 */
function partialIndex(def: TableDef, props: string[], except: Record<string, string>) {
  const col = (p: string) => (p === 'workspace' ? 'workspace_id' : def.fields.find((f) => propName(f) === p)?.column ?? p);
  const exceptCols = Object.entries(except).map(([k, v]) => [def.fields.find((f) => f.key === k)!.column, v] as const);
  const columns = props.map((p) => `"${col(p)}"`).join(', ');
  const where = exceptCols.map(([c, v]) => `"${c}" <> '${v}'`).join(' and ');
  // PostgreSQL names are at most 63 bytes: the excepted columns and a digest of the rest
  const name = `${def.name}_except_${exceptCols.map(([c]) => c).join('_')}_${createHash('sha1').update(`${columns} ${where}`).digest('hex').slice(0, 8)}`;
  return { name, expression: `create index "${name}" on "${def.name}" (${columns}) where ${where}` };
}

/** A trigram index on each searched text column (`x-list.search`): `ilike '%…%'` uses it. */
function searchIndexes(def: TableDef) {
  return (def.list.search ?? [])
    .map((k) => def.fields.find((f) => f.key === k && f.kind === 'scalar' && f.type === 'string'))
    .filter((f): f is Field => !!f)
    .map((f) => {
      const name = `${def.name}_${f.column}_trgm`;
      return { name, expression: `create index "${name}" on "${def.name}" using gin ("${f.column}" gin_trgm_ops)` };
    });
}

/**
 * GIN indexes a field asks for with `x-index`: `"trigram"` (pg_trgm: `%`, `<%`, `ilike`) or `"words"`
 * (its space-separated words as an array: `string_to_array(col, ' ') && array[…]`).
 */
function textIndexes(def: TableDef) {
  return def.fields
    .filter((f) => f.kind === 'scalar' && (f.schema['x-index'] === 'trigram' || f.schema['x-index'] === 'words'))
    .map((f) => {
      const words = f.schema['x-index'] === 'words';
      const name = `${def.name}_${f.column}_${words ? 'words' : 'trgm'}`;
      const on = words ? `(string_to_array("${f.column}", ' '))` : `("${f.column}" gin_trgm_ops)`;
      return { name, expression: `create index "${name}" on "${def.name}" using gin ${on}` };
    });
}

function childEntity(parent: TableDef, child: ChildTable) {
  const properties: Record<string, any> = {
    id: { type: 'uuid', primary: true },
    parent: { kind: 'm:1', entity: () => entityName(parent.name), fieldName: 'parent_id', deleteRule: 'cascade', index: true },
    idx: { type: 'integer' },
  };
  const required = new Set((child.scalarItems ? ['value'] : (parent.schema.properties?.[child.prop]?.items?.required as string[]) ?? []));
  for (const f of child.fields) properties[propName(f)] = column(f, required.has(f.path[0]));
  return new EntitySchema({ name: entityName(child.table), tableName: child.table, properties } as any);
}

/**
 * The cases' analytic rows (`engine/analytic.ts`): a row per case keyed by the case's id (deleted with
 * it), its workspace, and a column per report variable's value — no version or timestamps: the writer
 * recomputes the row, nobody edits it (`server/analytic/`).
 */
function analyticEntity(registry: Registry) {
  const a = analyticTable(registry, reportCatalogue(registry));
  const properties: Record<string, any> = {
    id: { kind: '1:1', entity: () => entityName('tbcase'), owner: true, primary: true, fieldName: 'id', deleteRule: 'cascade' },
    workspace: { kind: 'm:1', entity: () => 'Workspace', fieldName: 'workspace_id', deleteRule: 'cascade' },
  };
  for (const c of a.columns) {
    const array = c.sqlType.endsWith('[]');
    properties[c.name] = { type: array ? 'ArrayType' : 'unknown', columnType: c.sqlType, fieldName: c.name, nullable: !array, ...(array ? { defaultRaw: `'{}'` } : {}) };
  }
  const indexes = a.indexes.map((cols) => ({ name: `${a.name}_${cols.join('_')}_idx`.slice(0, 63), properties: ['workspace', ...cols] }));
  return new EntitySchema({ name: entityName(a.name), tableName: a.name, properties, indexes } as any);
}

/** Every table and child table of the registry as MikroORM entity schemas, and the cases' analytic rows. */
export function deriveEntities(registry: Registry): EntitySchema[] {
  const out: EntitySchema[] = [];
  for (const def of registry.tables.values()) {
    out.push(tableEntity(def));
    for (const child of def.children) out.push(childEntity(def, child));
  }
  if (registry.tables.has('tbcase')) out.push(analyticEntity(registry));
  return out;
}
