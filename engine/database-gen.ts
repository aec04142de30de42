import { analyticTable } from './analytic.ts';
import type { Registry } from './registry.ts';
import { reportCatalogue } from './report-vars.ts';
import { typeName } from './type-name.ts';
import type { Field, TableDef } from './types.ts';

/** One column of the database interface: its TypeScript type as read, and whether the database fills it in. */
export interface Column {
  name: string;
  /** The value as the driver returns it (`string | null` for a nullable text column). */
  ts: string;
  /** The database has a default: optional on insert (`Generated<…>`). */
  generated?: boolean;
  /** Accepted on insert and update besides `ts`: a jsonb column also takes its JSON text, a date or timestamp a `Date` (node-postgres writes it). */
  write?: string;
}

/**
 * A PostgreSQL type as the drivers return it: dates and timestamps stay strings (MikroORM's type
 * parsers, `@mikro-orm/sql` typeOverrides), a bigint is a string on node-postgres and a number on
 * PGlite, uuid[] an array of strings.
 * @example tsOfSql('timestamptz') // 'string'
 */
export function tsOfSql(sqlType: string): string {
  if (sqlType.endsWith('[]')) return `${tsOfSql(sqlType.slice(0, -2))}[]`;
  if (sqlType === 'int' || sqlType === 'integer' || sqlType === 'double precision') return 'number';
  if (sqlType === 'bigint') return 'string | number';
  if (sqlType === 'boolean') return 'boolean';
  return 'string';
}

/** The PostgreSQL type of a stored field, as `server/db/entities.ts` declares its column. */
function sqlOfField(f: Field): string {
  if (f.kind === 'ref') return 'uuid';
  if (f.type === 'string' && f.format === 'date') return 'date';
  if (f.type === 'string' && f.format === 'date-time') return 'timestamptz';
  if (f.type === 'string' && f.format === 'uuid') return 'uuid';
  if (f.type === 'integer') return Number(f.schema.maximum) > 2147483647 ? 'bigint' : 'int';
  if (f.type === 'number') return 'double precision';
  if (f.type === 'boolean') return 'boolean';
  return 'text';
}

/**
 * Whether a leaf must be non-null: required at every level of its path, and not only conditionally
 * (the rule `server/db/entities.ts` makes the column NOT NULL by).
 * @example isRequiredPath(registry.table('tbcase'), field) // true for `patient`
 */
export function isRequiredPath(def: TableDef, f: Field): boolean {
  let schema = def.schema as { required?: string[]; properties?: Record<string, any> };
  for (const part of f.path) {
    if (!schema.required?.includes(part)) return false;
    schema = schema.properties?.[part] ?? {};
  }
  return true;
}

/** The document type's property at a path: `NonNullable<NonNullable<Tbcase['a']>['b']>`. */
const docPath = (doc: string, path: string[]) => path.reduce((t, p) => `NonNullable<${t}[${JSON.stringify(p)}]>`, doc);

function fieldColumn(f: Field, required: boolean, doc: string | undefined): Column {
  const nullable = required ? '' : ' | null';
  if (f.kind === 'json') {
    // an object the schema leaves open (`{"type": "object"}`: the history's detail) is any JSON object
    const open = f.schema.type === 'object' && !f.schema.properties && !f.schema.additionalProperties;
    const value = open ? 'Record<string, unknown>' : doc ? docPath(doc, f.path) : 'unknown';
    return { name: f.column, ts: `${value}${nullable}`, write: 'string' };
  }
  const sqlType = sqlOfField(f);
  return { name: f.column, ts: `${tsOfSql(sqlType)}${nullable}`, write: sqlType === 'date' || sqlType === 'timestamptz' ? 'Date' : undefined };
}

const SYSTEM: Column[] = [
  { name: 'id', ts: 'string' },
  { name: 'created_at', ts: 'string', generated: true, write: 'Date' },
  { name: 'updated_at', ts: 'string', generated: true, write: 'Date' },
  { name: 'version', ts: 'number', generated: true },
];

/**
 * Every table the migrations build, by name, with its columns: the declared tables, their child
 * tables, the cases' analytic rows (MikroORM's own `mikro_orm_migrations` is not ours to query).
 * @example databaseTables(registry).get('tbcase')!.find((c) => c.name === 'registration_date') // { name: 'registration_date', ts: 'string' }
 */
export function databaseTables(registry: Registry): Map<string, Column[]> {
  const out = new Map<string, Column[]>();
  for (const def of registry.tables.values()) {
    const doc = typeName(def.schemaId);
    const cols = [...SYSTEM];
    if (def.meta.workspace) cols.push({ name: 'workspace_id', ts: 'string' });
    for (const f of def.fields) if (f.kind !== 'none' && f.kind !== 'via') cols.push(fieldColumn(f, isRequiredPath(def, f), doc));
    out.set(def.name, cols);
    for (const child of def.children) {
      const required = new Set(child.scalarItems ? ['value'] : ((def.schema.properties?.[child.prop] as any)?.items?.required as string[]) ?? []);
      out.set(child.table, [
        { name: 'id', ts: 'string' },
        { name: 'parent_id', ts: 'string' },
        { name: 'idx', ts: 'number' },
        ...child.fields.map((f) => fieldColumn(f, required.has(f.path[0]), undefined)),
      ]);
    }
  }
  if (registry.tables.has('tbcase')) {
    const a = analyticTable(registry, reportCatalogue(registry));
    out.set(a.name, [
      { name: 'id', ts: 'string' },
      { name: 'workspace_id', ts: 'string' },
      // an array column defaults to empty; a value column is null until its variable has a value
      ...a.columns.map((c) => (c.sqlType.endsWith('[]')
        ? { name: c.name, ts: tsOfSql(c.sqlType), generated: true }
        : { name: c.name, ts: `${tsOfSql(c.sqlType)} | null`, write: c.sqlType === 'date' || c.sqlType === 'timestamptz' ? 'Date' : undefined })),
    ]);
  }
  return out;
}

const rowName = (table: string) => `${typeName(table)}Row`;

function columnLine(c: Column): string {
  if (!c.write) return `  ${c.name}: ${c.generated ? `Generated<${c.ts}>` : c.ts};`;
  // a default makes the column optional on insert (what `Generated<>` says of a plain type)
  return `  ${c.name}: ColumnType<${c.ts}, ${c.ts} | ${c.write}${c.generated ? ' | undefined' : ''}, ${c.ts} | ${c.write}>;`;
}

/**
 * The TypeScript source of the Kysely database interface: a row type per table the migrations build
 * (columns snake_case, as stored), and `Database`, table name → row type. `kysely()` is typed by it,
 * so a misspelt table or column does not compile. The test `tests/engine/database-types.test.ts`
 * compares it with a migrated database's `information_schema`.
 * @example generateDatabase(registry) // 'export interface TbcaseRow { id: string; … }\n… export interface Database { tbcase: TbcaseRow; … }'
 */
export function generateDatabase(registry: Registry): string {
  const tables = [...databaseTables(registry)].sort(([a], [b]) => a.localeCompare(b));
  const lines: string[] = [];
  for (const [name, cols] of tables) {
    lines.push(`/** A row of \`${name}\`, as read. */`, `export interface ${rowName(name)} {`, ...cols.map(columnLine), '}', '');
  }
  lines.push('/** Every table the migrations build, by name: what `kysely()` is typed by. */', 'export interface Database {');
  for (const [name] of tables) lines.push(`  ${name}: ${rowName(name)};`);
  lines.push('}', '');
  // the document types a jsonb column is typed by
  const docs = [...new Set([...registry.tables.values()].map((d) => typeName(d.schemaId)))].filter((t) => lines.some((l) => l.includes(`<${t}[`))).sort();
  const head = [
    '/* Generated from schemas/ by `npm run gen:types`. Do not edit. */',
    '',
    "import type { ColumnType, Generated } from 'kysely';",
    ...(docs.length ? [`import type { ${docs.join(', ')} } from './index.ts';`] : []),
    '',
  ];
  return [...head, ...lines].join('\n');
}
