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
    via: via ? { refKey: via.split('.')[0], targetKey: via.split('.').slice(1).join('.') } : undefined,
    hidden: s['x-hidden'] === true,
    readonly: s['x-readonly'] === true,
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
      fields: scalarItems ? [leaf(['value'], items)] : collectFields(items.properties),
    });
  }
  return out;
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
