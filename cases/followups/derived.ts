import { sql } from 'kysely';
import type { Registry } from '../../engine/registry.ts';
import type { Field, TableDef } from '../../engine/types.ts';
import { kysely, kyselyByName } from '../../server/db/kysely.ts';
import type { ModuleHooks, TableHooks } from '../../server/types.ts';
import { systemUpdate, type SystemWriteContext } from '../../server/tbl/system-write.ts';
import { docToRow } from '../../server/tbl/rows.ts';
import { cultureConversion, type Definitions } from './conversion.ts';
import { lookedUp } from '../../server/db/lookup-cache.ts';
import { batchChildren } from '../../server/db/batch-rows.ts';

/**
 * Columns a parent row (the case) keeps from its sub-records (its exams), declared in the parent's
 * schema with `x-derived` and recomputed in the transaction of every write or delete of such a
 * sub-record — so reports, tag conditions and searches read plain columns of `tbcase`:
 *
 * ```json
 * "microscopyResult":      { …, "x-readonly": true, "x-derived": { "from": "exammic", "latest": "result" } },
 * "cultureConversionDate": { "format": "date", "x-readonly": true, "x-derived": { "from": "examcul", "conversion": "result" } }
 * ```
 * - `latest`: that field of the newest sub-record by `date` (on one day: the greatest id, as the
 *   follow-up list marks its `latest`), or null when none;
 * - `conversion` / `reversion`: the culture conversion rule (`conversion.ts`) over `{date, <field>}`.
 *
 * No exam type has code here: which table feeds which column is the schema's word
 * (`engine/meta-check.ts` checks the declaration).
 */
export interface DerivedField {
  /** The table holding the column (`tbcase`). */
  table: TableDef;
  field: Field;
  /** The sub-record table read (`exammic`). */
  from: TableDef;
  /** `from`'s field referencing the parent row (`caseId`). */
  parentField: Field;
  kind: 'latest' | 'conversion' | 'reversion';
  /** `from`'s field read (`result`). */
  source: Field;
}

interface Declaration {
  from: string;
  latest?: string;
  conversion?: string;
  reversion?: string;
}

const memo = new WeakMap<Registry, DerivedField[]>();

/**
 * Every `x-derived` column of the registry's tables.
 * @example derivedFields(registry).map((d) => `${d.field.key} ← ${d.from.name}.${d.source.key}`)
 *   // ['microscopyResult ← exammic.result', 'microscopyDate ← exammic.date', …]
 */
export function derivedFields(registry: Registry): DerivedField[] {
  let out = memo.get(registry);
  if (out) return out;
  out = [];
  for (const table of registry.tables.values()) {
    for (const field of table.fields) {
      const d = field.schema['x-derived'] as Declaration | undefined;
      if (!d) continue;
      const from = registry.table(d.from);
      const kind = d.latest ? 'latest' : d.conversion ? 'conversion' : 'reversion';
      const source = from.fields.find((f) => f.key === d[kind])!;
      const parentField = from.fields.find((f) => f.key === from.meta.parent)!;
      out.push({ table, field, from, parentField, kind, source });
    }
  }
  memo.set(registry, out);
  return out;
}

/** The derived columns fed by table `from`. */
export const derivedFrom = (registry: Registry, from: string): DerivedField[] => derivedFields(registry).filter((d) => d.from.name === from);

const isoDate = (v: unknown): string | null =>
  v == null ? null : v instanceof Date ? `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}` : String(v).slice(0, 10);

/**
 * Recomputes the columns fed by table `from` on the parent rows `parentIds`, inside `x.em`'s
 * transaction; `exceptId` is a row of `from` being deleted (left out). Reads every row of the
 * parent whatever the writer's permissions: the columns are facts of the case. A parent whose
 * values change is written through the writer's system door (cause `derived`): its version bumped
 * and the change fed, no history entry. A case an import's chunk has just registered has only the
 * exams the chunk wrote for it: they are taken as written ({@link madeRows}), not read again.
 * @example await refreshDerived({ em, ctx, session }, 'exammic', [caseId])
 */
export async function refreshDerived(x: SystemWriteContext, from: string, parentIds: unknown[], exceptId?: string): Promise<void> {
  const fed = derivedFrom(x.ctx.registry, from);
  const ids = [...new Set(parentIds.filter((x): x is string => typeof x === 'string'))];
  if (!fed.length || !ids.length) return;
  const def = fed[0].from;
  const dateCol = def.fields.find((f) => f.key === 'date')!.column;
  const sources = [...new Map(fed.map((d) => [d.source.column, d.source])).values()];
  const db = kysely(x.em);
  const definitions = fed.some((d) => d.kind !== 'latest') ? await lookedUp(x.em, 'workspace', ['tbDefinitions', x.session.workspaceId], () => definitionsOf(db, x.session.workspaceId)) : 'WHO2021';
  for (const parentId of ids) {
    let q = kyselyByName(x.em)
      .selectFrom(def.name)
      .select(sources.map((s) => (s.format === 'date' ? sql<string>`to_char(${sql.ref(s.column)}, 'YYYY-MM-DD')`.as(s.column) : sql.ref(s.column).as(s.column))))
      .select(sql<string>`to_char(${sql.ref(dateCol)}, 'YYYY-MM-DD')`.as('__date'))
      .where(fed[0].parentField.column, '=', parentId)
      .orderBy(dateCol, 'desc')
      .orderBy('id', 'desc');
    if (exceptId) q = q.where('id', '<>', exceptId);
    const rows = (!exceptId && madeRows(x, fed[0], parentId, sources, dateCol)) || (await q.execute());
    for (const [tableName, list] of groupBy(fed, (d) => d.table.name)) {
      const values: Record<string, unknown> = {};
      for (const d of list) values[d.field.key] = derivedValue(d, rows, definitions);
      await systemUpdate(x, tableName, parentId, values, 'derived');
    }
  }
}

/**
 * The rows of `d.from` naming `parentId` as the query of {@link refreshDerived} answers them (the
 * sources, dates as YYYY-MM-DD, `__date`; newest first, on one day the greatest id first), when the
 * batch `x.em` works in made the parent and knows every such row; else undefined (read them).
 */
function madeRows(x: SystemWriteContext, d: DerivedField, parentId: string, sources: Field[], dateCol: string): Record<string, unknown>[] | undefined {
  const rows = batchChildren(x.em, d.from.name, d.parentField.column, { table: d.table.name, id: parentId }, [...new Set([...sources.map((s) => s.column), dateCol])]);
  const isDate = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
  const plain = (s: Field, v: unknown) => v === null || (s.format === 'date' ? isDate(v) : typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean');
  if (!rows || rows.some((r) => !isDate(r[dateCol]) || sources.some((s) => !plain(s, r[s.column])))) return undefined;
  const out = rows.map((r) => ({ ...Object.fromEntries(sources.map((s) => [s.column, r[s.column]])), __date: r[dateCol] as string, id: r.id as string }));
  out.sort((a, b) => (a.__date === b.__date ? (a.id.toLowerCase() < b.id.toLowerCase() ? 1 : -1) : a.__date < b.__date ? 1 : -1));
  return out;
}

/**
 * The derived columns a new row of `table` (a case) has once `rows` — its sub-records' documents,
 * written with it in its transaction (an import's row: the case with its exams) — are written: what
 * {@link refreshDerived} stores after them, for the tables among `rows` (of two rows of one day the
 * later given first: the refresh, ordering them by id, writes the other's value when they differ).
 * Given to the row's create, each sub-record's refresh then finds the values there and writes nothing.
 * @example await derivedOfNew({ em, ctx, session }, 'tbcase', [{ table: 'exammic', doc: { date: '2024-03-04', result: 'PLUS' } }]) // { microscopyResult: 'PLUS', microscopyDate: '2024-03-04', smearConversionDate: null, smearReversionDate: null }
 */
export async function derivedOfNew(x: SystemWriteContext, table: string, rows: { table: string; doc: Record<string, unknown> }[]): Promise<Record<string, unknown>> {
  const fed = derivedFields(x.ctx.registry).filter((d) => d.table.name === table && rows.some((r) => r.table === d.from.name));
  const out: Record<string, unknown> = {};
  if (!fed.length) return out;
  const definitions = fed.some((d) => d.kind !== 'latest') ? await lookedUp(x.em, 'workspace', ['tbDefinitions', x.session.workspaceId], () => definitionsOf(kysely(x.em), x.session.workspaceId)) : 'WHO2021';
  for (const d of fed) {
    const dateCol = d.from.fields.find((f) => f.key === 'date')!.column;
    const mine = rows.filter((r) => r.table === d.from.name).map((r) => docToRow(d.from.fields, r.doc)).map((r) => ({ ...r, __date: r[dateCol] }));
    if (mine.some((r) => typeof r.__date !== 'string')) continue;
    mine.reverse().sort((a, b) => (a.__date === b.__date ? 0 : String(a.__date) < String(b.__date) ? 1 : -1));
    out[d.field.key] = derivedValue(d, mine, definitions);
  }
  return out;
}

/**
 * One column's value from the parent's rows of `from` (their columns, the date as `__date`), newest
 * first: what {@link refreshDerived} stores; the demo register computes its cases' columns by it too.
 * @example derivedValue(d, [{ result: 'PLUS', __date: '2025-03-01' }], 'WHO2021') // 'PLUS'
 */
export function derivedValue(d: DerivedField, rows: Record<string, unknown>[], definitions: Definitions): unknown {
  if (d.kind === 'latest') {
    const v = rows[0]?.[d.source.column] ?? null;
    return d.field.format === 'date' ? isoDate(v) : v;
  }
  const results = rows.filter((r) => typeof r[d.source.column] === 'string').map((r) => ({ date: String(r.__date), result: String(r[d.source.column]) }));
  const c = cultureConversion(results, definitions);
  return d.kind === 'conversion' ? c.conversionDate : c.reversionDate;
}

/** The WHO definitions the workspace follows (`tbDefinitions`; none set: 2021). */
async function definitionsOf(db: ReturnType<typeof kysely>, workspaceId: string): Promise<Definitions> {
  const row = await db.selectFrom('workspace').select('tb_definitions').where('id', '=', workspaceId).executeTakeFirst();
  return row?.tb_definitions === 'WHO2013' ? 'WHO2013' : 'WHO2021';
}

function groupBy<T>(list: T[], key: (x: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of list) out.set(key(x), [...(out.get(key(x)) ?? []), x]);
  return out;
}

/**
 * The hooks of a table feeding derived columns: after a create or update (the parent after and, were
 * the host to let a sub-record change parent, before) and before a delete (without the row), in the
 * write's transaction.
 */
export const derivedHooks: TableHooks = {
  async afterSave({ em, ctx, session, def, doc, prev }) {
    const key = def.meta.parent!;
    await refreshDerived({ em, ctx, session }, def.name, [doc[key], prev?.[key]]);
  },
  async beforeDelete({ em, ctx, session, def, id, prev }) {
    await refreshDerived({ em, ctx, session }, def.name, [prev[def.meta.parent!]], id);
  },
};

/**
 * The hooks of every table feeding a case's derived columns (read from the schemas' `x-derived`):
 * after a save or delete of such a row, the case's columns are recomputed. Given by the schemas
 * when the host starts (`DomainModule.hooksFromSchemas`), after the module's own hooks of the table.
 * @example derivedHooksByTable(ctx.registry) // { exammic: derivedHooks, examxpert: derivedHooks, examcul: derivedHooks, … }
 */
export function derivedHooksByTable(registry: Registry): ModuleHooks {
  return Object.fromEntries(derivedFields(registry).map(({ from }) => [from.name, derivedHooks]));
}
