import { Ajv2020 } from 'ajv/dist/2020.js';
import metaSchema from './meta-schema.json' with { type: 'json' };
import { fieldExists, paramFieldProblem, paramsUses, ROW } from './options-params.ts';
import { BOUND_KEYWORDS, boundSource } from './date-bounds.ts';
import { conditionParts, conditionSchema } from './condition/index.ts';
import { conditionUses, requiredRule } from './visibility.ts';
import { viasOf } from './scope-via.ts';
import type { EntitySchemaFile, JsonSchema } from './types.ts';

export interface SchemaProblem {
  file: string;
  pointer: string;
  message: string;
}

const ajv = new Ajv2020({ allErrors: true, strict: false }).addSchema(conditionSchema);
const checkMeta = ajv.compile(metaSchema);
const isVisibleEntry = ajv.compile({ $ref: 'condition#/$defs/visible' });
const checkJsonSchema = new Ajv2020({ strict: false, validateSchema: true });

/** Checks one file against the meta-schema and JSON Schema itself. */
export function checkFile(file: string, schema: unknown): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  if (!checkMeta(schema)) {
    for (const e of checkMeta.errors ?? []) {
      const extra = e.params && 'propertyName' in e.params ? ` (${String(e.params.propertyName)})` : '';
      problems.push({ file, pointer: e.instancePath || '/', message: `${e.message}${extra}` });
    }
  }
  if (!checkJsonSchema.validateSchema(stripX(schema) as object)) {
    for (const e of checkJsonSchema.errors ?? []) problems.push({ file, pointer: e.instancePath || '/', message: e.message ?? 'invalid' });
  }
  const id = (schema as EntitySchemaFile)?.$id;
  const expected = file.replace(/^.*\//, '').replace(/\.json$/, '');
  if (id && id !== expected) problems.push({ file, pointer: '/$id', message: `must equal the file name "${expected}"` });
  return problems;
}

/** Checks what spans files: references to tables, list and layout fields and lookup parameters' fields that must exist. */
export function checkCrossRefs(files: { file: string; schema: EntitySchemaFile }[]): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const tables = new Map(files.filter((f) => f.schema['x-table']).map((f) => [f.schema['x-table']!.name, f.schema]));
  for (const { file, schema } of files) {
    walk(schema.properties ?? {}, '/properties', (s, pointer, required) => {
      const ref = s['x-ref'];
      if (typeof ref !== 'string') return;
      const target = tables.get(ref);
      if (!target) {
        problems.push({ file, pointer: `${pointer}/x-ref`, message: `unknown table "${ref}"` });
        return;
      }
      if (s['x-on-delete'] === 'set null' && required) problems.push({ file, pointer: `${pointer}/x-on-delete`, message: 'a required reference cannot be set null' });
      for (const key of Object.keys((s['x-ref-filter'] as object) ?? {})) {
        if (!target.properties?.[key]) problems.push({ file, pointer: `${pointer}/x-ref-filter/${key}`, message: `unknown field "${key}" of table "${ref}"` });
      }
      const wsField = s['x-ref-workspace'] as string | undefined;
      if (wsField && (schema.properties?.[wsField] as { 'x-ref'?: string } | undefined)?.['x-ref'] !== 'workspace') {
        problems.push({ file, pointer: `${pointer}/x-ref-workspace`, message: `"${wsField}" is no reference to a workspace in this table` });
      }
    }, schema.required);
    const props = Object.keys(schema.properties ?? {});
    for (const [part, table] of Object.entries((schema['x-form'] as { parts?: Record<string, string> } | undefined)?.parts ?? {})) {
      if (!props.includes(part)) problems.push({ file, pointer: `/x-form/parts/${part}`, message: `unknown field "${part}"` });
      if (!tables.has(table)) problems.push({ file, pointer: `/x-form/parts/${part}`, message: `unknown table "${table}"` });
    }
    const list = schema['x-list'] ?? {};
    for (const key of ['title', 'subtitle'] as const) {
      const f = list[key];
      if (f && !props.includes(f)) problems.push({ file, pointer: `/x-list/${key}`, message: `unknown field "${f}"` });
    }
    problems.push(...scopeProblems(file, schema, tables), ...derivedProblems(file, schema, tables));
    for (const key of ['order', 'search', 'refs', 'columns', 'label'] as const) {
      (list[key] ?? []).forEach((f, i) => {
        if (!props.includes(f.replace(/^-/, ''))) problems.push({ file, pointer: `/x-list/${key}/${i}`, message: `unknown field "${f}"` });
      });
    }
    // a lookup parameter's field must be one of the form's (a sibling, a row's, the parent form's)
    for (const use of paramsUses(schema)) {
      for (const [param, field] of Object.entries(use.params)) {
        const problem = paramFieldProblem(schema, use.holder, field);
        if (problem) problems.push({ file, pointer: `${use.pointer}/x-options-params/${param}`, message: problem });
      }
    }
    problems.push(...boundProblems(file, schema, tables));
    for (const r of schema.required ?? []) {
      if (!props.includes(r)) problems.push({ file, pointer: '/required', message: `unknown field "${r}"` });
    }
    problems.push(...conditionProblems(file, schema), ...nestedArrays(file, schema.properties ?? {}, '/properties', false));
  }
  return problems;
}

/**
 * An `x-visible` entry must name a field of its object and read an existing field; a field required
 * only while shown says so in its condition (`required: true`), not in the object's `required`
 * (unless it has a default, which a hidden field keeps).
 */
export function conditionProblems(file: string, schema: JsonSchema): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  for (const use of conditionUses(schema)) {
    const before = problems.length;
    const at = [...use.holder, use.name];
    if (fieldExists(schema, at) === false) problems.push({ file, pointer: use.pointer, message: `unknown field "${use.name}"` });
    let holder: JsonSchema | undefined = schema;
    for (const seg of use.holder) holder = seg === ROW ? (holder?.items as JsonSchema | undefined) : holder?.properties?.[seg];
    if (holder?.required?.includes(use.name) && holder.properties?.[use.name]?.default === undefined) {
      problems.push({ file, pointer: use.pointer, message: `"${use.name}" is required only while shown: say "required": true in its condition, not in "required"` });
    }
    // a condition of no known shape is the meta-schema's to name
    if (!isVisibleEntry(use.rule)) continue;
    for (const { part, pointer } of conditionParts(use.rule)) {
      const read = 'span' in part ? part.span.map((f, i) => [f, `/span/${i}`] as const) : [[part.field!, '/field'] as const];
      for (const [field, key] of read) {
        const problem = paramFieldProblem(schema, use.holder, field);
        if (problem) problems.push({ file, pointer: `${use.pointer}${pointer}${key}`, message: problem });
      }
    }
    const rule = use.rule.required && problems.length === before ? requiredRule(use) : undefined;
    if (typeof rule === 'string') problems.push({ file, pointer: use.pointer, message: `"${use.name}" cannot be required while shown: ${rule}` });
  }
  return problems;
}

/**
 * An array inside a table row cannot be stored (rows are flat): it must be a table of its own — unless
 * the value is stored whole as JSON (`x-storage: jsonb`: a saved report's indicators), whose shape is
 * free and checked by its schema on every write.
 */
function nestedArrays(file: string, props: Record<string, JsonSchema>, pointer: string, inRow: boolean): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  for (const [name, s] of Object.entries(props)) {
    const p = `${pointer}/${name}`;
    if (s['x-storage'] === 'jsonb') continue;
    const isArray = s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array')) || s.items !== undefined;
    if (isArray && inRow) problems.push({ file, pointer: p, message: 'an array inside a table row: declare it as a table of its own (x-table.parent)' });
    if (s.properties) problems.push(...nestedArrays(file, s.properties, `${p}/properties`, inRow));
    if (isArray && s.items?.properties) problems.push(...nestedArrays(file, s.items.properties, `${p}/items/properties`, true));
  }
  return problems;
}

/**
 * A date bound (`x-notAfter` / `x-notBefore`) names today, a date field of the document, or a date
 * field of the table a sibling reference points at (`patientId.birthDate`).
 * @example boundProblems('tbcase.json', tbcase, tables) // [] when registrationDate says "x-notBefore": "patientId.birthDate"
 */
function boundProblems(file: string, schema: EntitySchemaFile, tables: Map<string, EntitySchemaFile>): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const isDateNode = (n: JsonSchema | undefined) => n?.format === 'date' || n?.format === 'date-time';
  const visit = (node: JsonSchema, pointer: string, place: string[]) => {
    for (const keyword of Object.values(BOUND_KEYWORDS)) {
      if (node[keyword] === undefined) continue;
      const source = boundSource(schema, place.slice(0, -1), node[keyword]);
      const at = `${pointer}/${keyword}`;
      if (typeof source === 'string') problems.push({ file, pointer: at, message: source });
      else if ('refPlace' in source && !isDateNode(tables.get(source.table)?.properties?.[source.field])) problems.push({ file, pointer: at, message: `"${source.field}" is not a date field of table "${source.table}"` });
      else if ('place' in source && fieldExists(schema, source.place) && !isDateNode(nodeAtPlace(schema, source.place))) problems.push({ file, pointer: at, message: `"${node[keyword]}" is not a date field` });
    }
    for (const [k, child] of Object.entries(node.properties ?? {})) visit(child, `${pointer}/properties/${k}`, [...place, k]);
    if (node.items?.properties) visit(node.items, `${pointer}/items`, [...place, ROW]);
  };
  visit(schema, '', []);
  return problems;
}

const nodeAtPlace = (schema: JsonSchema, place: string[]): JsonSchema | undefined =>
  place.reduce<JsonSchema | undefined>((n, seg) => (seg === ROW ? n?.items : n?.properties?.[seg]), schema);

/** Visits every property (and array item) with whether its parent object requires it. */
function walk(
  props: Record<string, JsonSchema>,
  pointer: string,
  visit: (s: JsonSchema, pointer: string, required: boolean) => void,
  required: string[] = [],
) {
  for (const [name, s] of Object.entries(props)) {
    const p = `${pointer}/${name}`;
    visit(s, p, required.includes(name));
    if (s.properties) walk(s.properties, `${p}/properties`, visit, s.required);
    if (s.items) {
      visit(s.items, `${p}/items`, true);
      if (s.items.properties) walk(s.items.properties, `${p}/items/properties`, visit, s.items.required);
    }
  }
}

/**
 * An `x-derived` column (a case's latest microscopy result, its culture conversion date) is read-only
 * and reads a dated sub-record table of this one (`from`: its `x-table.parent` references this table)
 * and a field of it; a `latest` copy is declared like that field (type, enum, format), a conversion
 * or reversion is a date.
 * @example derivedProblems('tbcase.json', tbcase, tables) // [] when microscopyResult reads exammic.result
 */
function derivedProblems(file: string, schema: EntitySchemaFile, tables: Map<string, EntitySchemaFile>): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  for (const [name, s] of Object.entries(schema.properties ?? {})) {
    const d = s['x-derived'] as { from: string; latest?: string; conversion?: string; reversion?: string } | undefined;
    if (!d) continue;
    const pointer = `/properties/${name}/x-derived`;
    const from = tables.get(d.from);
    const parent = from?.['x-table']?.parent;
    if (!from || !parent || from.properties?.[parent]?.['x-ref'] !== schema['x-table']?.name || from.properties?.date?.format !== 'date') {
      problems.push({ file, pointer: `${pointer}/from`, message: `"${d.from}" must be a table whose x-table.parent references ${schema['x-table']?.name ?? 'this table'}, with a date field` });
      continue;
    }
    if (s['x-readonly'] !== true) problems.push({ file, pointer: `/properties/${name}`, message: 'a derived field must be x-readonly' });
    const key = d.latest ?? d.conversion ?? d.reversion!;
    let source = from.properties?.[key];
    const local = typeof source?.$ref === 'string' && /^#\/\$defs\/(.+)$/.exec(source.$ref);
    if (local) source = { ...((from.$defs as Record<string, JsonSchema> | undefined)?.[local[1]] ?? {}), ...source };
    if (!source) {
      problems.push({ file, pointer, message: `unknown field "${key}" of table "${d.from}"` });
      continue;
    }
    const shape = (x: JsonSchema) => JSON.stringify([x.type, x.enum, x.format]);
    if (d.latest && shape(s) !== shape(source)) problems.push({ file, pointer, message: `must be declared like "${d.from}.${key}" (type, enum, format)` });
    if (!d.latest && s.format !== 'date') problems.push({ file, pointer, message: 'a conversion or reversion is a date (format date)' });
  }
  return problems;
}

/** A copy of a schema without the x- keywords, as plain JSON Schema tools expect it. */
export function stripX<T>(value: T): T {
  if (Array.isArray(value)) return value.map(stripX) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!k.startsWith('x-')) out[k] = stripX(v);
    return out as T;
  }
  return value;
}

/**
 * `x-table.scope` and `x-table.parent` must name what places a row: `scope.unit` a reference to
 * `unit`, `scope.via` a table with a reference to this one, `parent` a reference to another table.
 */
function scopeProblems(file: string, schema: EntitySchemaFile, tables: Map<string, EntitySchemaFile>): SchemaProblem[] {
  const meta = schema['x-table'];
  const problems: SchemaProblem[] = [];
  const refOf = (s: EntitySchemaFile | undefined, key: string) => s?.properties?.[key]?.['x-ref'];
  if (meta?.scope?.unit && refOf(schema, meta.scope.unit) !== 'unit') problems.push({ file, pointer: '/x-table/scope/unit', message: `"${meta.scope.unit}" must be a field referencing unit` });
  const also = meta?.scope?.alsoUnit;
  if (also && (!meta!.scope!.unit || refOf(schema, also) !== 'unit')) problems.push({ file, pointer: '/x-table/scope/alsoUnit', message: `"${also}" must be a field referencing unit, next to scope.unit` });
  if (meta?.scope?.alsoUnitReadOnly && !also) problems.push({ file, pointer: '/x-table/scope/alsoUnitReadOnly', message: 'alsoUnitReadOnly needs scope.alsoUnit' });
  viasOf(meta).forEach((via, i) => {
    const pointer = Array.isArray(meta!.scope!.via) ? `/x-table/scope/via/${i}` : '/x-table/scope/via';
    if (refOf(tables.get(via.table), via.field) !== meta!.name) problems.push({ file, pointer, message: `"${via.table}.${via.field}" must be a field of a table referencing ${meta!.name}` });
  });
  if (meta?.parent) {
    const target = refOf(schema, meta.parent);
    if (typeof target !== 'string' || target === meta.name) problems.push({ file, pointer: '/x-table/parent', message: `"${meta.parent}" must be a field referencing another table` });
  }
  // a follow-up exam is listed by GET /api/cases/case/followups/{caseId} (cases/followups): a case's sub-record with a date
  const date = schema.properties?.date;
  if (meta?.followup && (refOf(schema, meta.parent ?? '') !== 'tbcase' || date?.format !== 'date' || !schema.required?.includes('date'))) {
    problems.push({ file, pointer: '/x-table/followup', message: 'a follow-up exam needs x-table.parent referencing tbcase and a required date field (format date)' });
  }
  return problems;
}
