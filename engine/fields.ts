import { columnOf } from './naming.ts';
import type { ChildTable, EntitySchemaFile, Field, JsonSchema, TableDef } from './types.ts';

const scalarType = (s: JsonSchema): string => {
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  return (t as string) ?? 'string';
};

function leaf(path: string[], s: JsonSchema): Field {
  const storage = s['x-storage'] as string | undefined;
  const ref = s['x-ref'] as string | undefined;
  const via = s['x-via'] as string | undefined;
  const kind = via ? 'via' : storage === 'none' ? 'none' : storage === 'jsonb' ? 'json' : ref ? 'ref' : 'scalar';
  return {
    path,
    key: path.join('.'),
    column: ref && !columnOf(path).endsWith('_id') ? `${columnOf(path)}_id` : columnOf(path),
    kind,
    type: kind === 'json' ? 'object' : scalarType(s),
    format: s.format as string | undefined,
    maxLength: s.maxLength as number | undefined,
    ref,
    onDelete: s['x-on-delete'] as Field['onDelete'],
    refFilter: s['x-ref-filter'] as Field['refFilter'],
    refWorkspace: s['x-ref-workspace'] as string | undefined,
    via: via ? { refKey: via.split('.')[0], targetKey: via.split('.').slice(1).join('.') } : undefined,
    hidden: s['x-hidden'] === true,
    readonly: s['x-readonly'] === true,
    byAction: s['x-by-action'] === true,
    title: s.title,
    schema: s,
  };
}

/** Walks the properties of an object schema into stored leaves; nested plain objects are flattened. */
export function collectFields(props: Record<string, JsonSchema> = {}, prefix: string[] = []): Field[] {
  const out: Field[] = [];
  for (const [name, s] of Object.entries(props)) {
    const path = [...prefix, name];
    const type = scalarType(s);
    if (type === 'array') continue; // child tables, see collectChildren
    if (type === 'object' && s.properties && s['x-storage'] !== 'jsonb') {
      out.push(...collectFields(s.properties, path));
    } else {
      out.push(leaf(path, s));
    }
  }
  return out;
}

/** Array properties become child tables `<table>_<prop>`, unless stored as JSONB or not at all. */
export function collectChildren(table: string, props: Record<string, JsonSchema> = {}): ChildTable[] {
  const out: ChildTable[] = [];
  for (const [name, s] of Object.entries(props)) {
    if (scalarType(s) !== 'array' || s['x-storage']) continue;
    const items = s.items ?? {};
    const scalarItems = scalarType(items) !== 'object';
    out.push({
      prop: name,
      table: `${table}_${columnOf([name])}`,
      title: s.title,
      scalarItems,
      fields: scalarItems ? [leaf(['value'], items)] : collectFields(withoutRowId(items.properties)),
    });
  }
  return out;
}

/** A child row's `id` is the row's own key (its column is the child table's primary key), not a stored field. */
const withoutRowId = (props: Record<string, JsonSchema> = {}) => Object.fromEntries(Object.entries(props).filter(([k]) => k !== 'id'));

/** The schema of a child row's `id`, which the engine adds to every table's rows: a uuid, kept by the form but not shown. */
export const ROW_ID: JsonSchema = { type: 'string', format: 'uuid', 'x-hidden': true };

/**
 * A table schema whose child rows (arrays of objects stored as child tables) accept their system
 * `id`, without each file declaring it: a row read carries its id, and an update sending it back
 * changes that row instead of replacing it (server/tbl/rows.ts). Other schemas are returned as
 * they are; the schema given is not changed.
 * @example withRowIds(regimen).properties.medicines.items.properties.id // { type: 'string', format: 'uuid', 'x-hidden': true }
 */
export function withRowIds<T extends JsonSchema>(schema: T): T {
  if (!schema['x-table']) return schema;
  const props = schema.properties ?? {};
  const rows = Object.entries(props).filter(([, s]) => scalarType(s) === 'array' && !s['x-storage'] && s.items && scalarType(s.items) === 'object' && !s.items.properties?.id);
  if (!rows.length) return schema;
  const properties = { ...props };
  for (const [name, s] of rows) properties[name] = { ...s, items: { ...s.items, properties: { ...s.items!.properties, id: ROW_ID } } };
  return { ...schema, properties };
}

/** Array properties stored as JSONB are plain leaves. */
function jsonArrays(props: Record<string, JsonSchema> = {}): Field[] {
  return Object.entries(props)
    .filter(([, s]) => scalarType(s) === 'array' && s['x-storage'])
    .map(([name, s]) => leaf([name], s));
}

export function tableDef(schema: EntitySchemaFile): TableDef | undefined {
  const meta = schema['x-table'];
  if (!meta) return undefined;
  return {
    name: meta.name,
    schemaId: schema.$id,
    schema,
    meta,
    fields: [...collectFields(schema.properties), ...jsonArrays(schema.properties)],
    children: collectChildren(meta.name, schema.properties),
    list: schema['x-list'] ?? {},
  };
}
