/**
 * Counting an indicator from the counts cube: `schemas/tables/casecube.json`
 * declares, field by field (`x-cube`), which report variable each of its columns holds, per unit
 * cohort; its triggers keep it in the transaction of every case write (migration casecube). When
 * every variable and filter of an indicator is one of those (a period filter in whole years), the
 * indicator sums a few thousand cube rows instead of grouping every case; otherwise it is counted
 * live (`sql.ts`). Both give the same table: the cube stores a missing value as '' (a year as 0),
 * read back as no value, and rows whose count fell to 0 are left out as the live count never has them.
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Registry } from '../../engine/registry.ts';
import type { ReportCatalogue, ReportFilter, ReportVariable } from '../../engine/report-vars.ts';
import type { CaseQuery, FilterValue } from './sql.ts';
import type { Key } from './shape.ts';

/** The cube's table and, per report variable id, the column holding its value. */
export interface Cube {
  table: string;
  columns: Map<string, { column: string; variable: ReportVariable }>;
}

const CUBE_TABLE = 'casecube';

/**
 * The cube as declared, checked against the report catalogue (a column naming no variable stops the start).
 * @example caseCube(registry, cat)?.columns.get('gender')?.column // 'gender'
 */
export function caseCube(registry: Registry, cat: ReportCatalogue): Cube | undefined {
  const def = registry.tables.get(CUBE_TABLE);
  if (!def) return undefined;
  const columns = new Map<string, { column: string; variable: ReportVariable }>();
  for (const f of def.fields) {
    const id = f.schema['x-cube'] as string | undefined;
    if (id === undefined) continue;
    const variable = cat.variable(id);
    if (!variable) throw new Error(`${CUBE_TABLE}.${f.key}: x-cube names "${id}", no report variable`);
    columns.set(id, { column: f.column, variable });
  }
  return { table: def.name, columns };
}

/** The cube column a variable's value is in, read as the live count reads it (no value: null). */
function valueOf(cube: Cube, v: ReportVariable): RawBuilder<unknown> | undefined {
  const c = cube.columns.get(v.id);
  if (!c || c.variable !== v) return undefined;
  const col = sql.ref(`k.${c.column}`);
  if (v.value.kind === 'period') return v.value.by === 'year' ? sql`to_char(nullif(${col}, 0), 'FM0000')` : undefined;
  return v.value.kind === 'boolean' ? col : sql`nullif(${col}, '')`;
}

/** The cube variable a filter reads the same field as (a period filter: the variable by year). */
function variableOfFilter(cube: Cube, f: ReportFilter): ReportVariable | undefined {
  for (const { variable: v } of cube.columns.values()) {
    if (v.column !== f.column || v.source.kind !== f.source.kind || (v.source as { table?: string }).table !== (f.source as { table?: string }).table) continue;
    if ((v.value.kind === 'period') === (f.type === 'period')) return v;
  }
  return undefined;
}

/** A filter as a condition on the cube, or undefined when the cube cannot say it (a period not in whole years). */
function filterOf(cube: Cube, f: ReportFilter, value: FilterValue): RawBuilder<SqlBool> | undefined {
  const v = variableOfFilter(cube, f);
  if (!v) return undefined;
  const col = sql.ref(`k.${cube.columns.get(v.id)!.column}`);
  if ('keys' in value) return v.value.kind === 'period' ? undefined : sql<SqlBool>`${col} in (${sql.join(value.keys)})`;
  if (v.value.kind !== 'period' || v.value.by !== 'year') return undefined;
  if ((value.ini && !value.ini.endsWith('-01')) || (value.end && !value.end.endsWith('-12'))) return undefined;
  const parts = [sql<SqlBool>`${col} <> 0`];
  if (value.ini) parts.push(sql<SqlBool>`${col} >= ${Number(value.ini.slice(0, 4))}`);
  if (value.end) parts.push(sql<SqlBool>`${col} <= ${Number(value.end.slice(0, 4))}`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/**
 * The indicator's statement on the cube — rows `{r0…, c0…, g, n}` as `indicatorQuery` gives them —
 * or undefined when a variable, a filter or the place is not the cube's to answer.
 * @example const q = cubeQuery(db, cube, cq, [gender], [classification]) ?? indicatorQuery(db, cq, [gender], [classification]);
 */
export function cubeQuery(db: Kysely<any>, cube: Cube | undefined, cq: CaseQuery, rows: ReportVariable[], columns: ReportVariable[]) {
  if (!cube || (cq.place && !cq.units)) return undefined;
  const dims = [...rows.map((v, i) => ({ v, name: `r${i}` })), ...columns.map((v, i) => ({ v, name: `c${i}` }))];
  const values = dims.map((d) => valueOf(cube, d.v));
  const conds = cq.filters.map(({ filter, value }) => filterOf(cube, filter, value));
  if (values.some((x) => !x) || conds.some((x) => !x)) return undefined;
  let inner = db
    .selectFrom(`${cube.table} as k`)
    .select([...values.map((x, i) => x!.as(dims[i].name)), 'k.n'])
    .where('k.workspace_id', '=', cq.workspaceId)
    .where('k.n', '<>', 0);
  const units = cq.units?.('k.unit_id');
  if (units) inner = inner.where(units);
  for (const c of conds) inner = inner.where(c!);
  const names = (list: { name: string }[]) => sql.join(list.map((d) => sql.ref(`x.${d.name}`)));
  const r = dims.filter((d) => d.name.startsWith('r')), c = dims.filter((d) => d.name.startsWith('c'));
  return db
    .selectFrom(inner.as('x'))
    .select([...dims.map((d) => `x.${d.name}`), sql<number>`grouping(${names(dims)})`.as('g'), sql<number>`coalesce(sum(x.n), 0)`.as('n')] as any)
    .groupBy(sql`grouping sets ((${names(dims)}), (${names(r)}), (${names(c)}), ())` as any);
}

/** A cell key as a condition on the cube column holding the variable (no value: '' or the year 0). */
function keyOf(cube: Cube, v: ReportVariable, key: Key): RawBuilder<SqlBool> | undefined {
  if (!valueOf(cube, v)) return undefined;
  const col = sql.ref(`k.${cube.columns.get(v.id)!.column}`);
  if (v.value.kind === 'period') return key === null ? sql<SqlBool>`${col} = 0` : sql<SqlBool>`${col} = ${Number(key)}`;
  if (v.value.kind === 'boolean') return key === null ? sql<SqlBool>`false` : sql<SqlBool>`${col} = ${key}`;
  return sql<SqlBool>`${col} = ${key === null ? '' : String(key)}`;
}

/**
 * How many cases an indicator's place and filters hold (`all`), and how many of them one of its cells
 * (`cell`: a key per variable, null for no value), from the cube; undefined when the cube cannot say.
 * @example await cubeCellCount(db, cube, cq, [{ v: gender, key: 'FEMALE' }, { v: classification, key: 'TB' }]) // { cell: 333429, all: 1000000 }
 */
export async function cubeCellCount(db: Kysely<any>, cube: Cube | undefined, cq: CaseQuery, cell: { v: ReportVariable; key: Key }[]): Promise<{ cell: number; all: number } | undefined> {
  if (!cube || (cq.place && !cq.units)) return undefined;
  const conds = cq.filters.map(({ filter, value }) => filterOf(cube, filter, value));
  const keys = cell.map(({ v, key }) => keyOf(cube, v, key));
  if (conds.some((x) => !x) || keys.some((x) => !x)) return undefined;
  let q = db.selectFrom(`${cube.table} as k`).where('k.workspace_id', '=', cq.workspaceId);
  const units = cq.units?.('k.unit_id');
  if (units) q = q.where(units);
  for (const c of conds) q = q.where(c!);
  const inCell = keys.length ? sql.join(keys as RawBuilder<SqlBool>[], sql` and `) : sql`true`;
  const row = await q.select([sql<number>`coalesce(sum(k.n) filter (where ${inCell}), 0)`.as('cell'), sql<number>`coalesce(sum(k.n), 0)`.as('all')]).executeTakeFirst();
  return { cell: Number(row?.cell ?? 0), all: Number(row?.all ?? 0) };
}
