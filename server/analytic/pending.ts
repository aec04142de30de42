/**
 * Keeping the analytic rows (`engine/analytic.ts`) in step with every write: each door of the writer
 * tells what it wrote (`noteWrites`, called where every change is recorded: `recordChanges`, and by
 * the offline client's replica door); which cases that moves is collected in the transaction, and
 * just before it commits their rows are recomputed in one statement (`upsertAnalytic`) — so a report
 * never reads a row older than the case, and a transaction that rolls back leaves no trace.
 *
 * What moves which cases follows from the columns' sources: a case's own row; its patient (the cases
 * naming the patient); a sub-record (its parent case); the unit's address and the admin units' paths
 * (the cases of the units placed there); the age-range catalogue (the workspace's cases' bands). An
 * update moves them only when it changed a field the rows read (a new case number moves nothing); a
 * case's update that changed only fields its row holds as they are (a registration group, a state)
 * copies them into the row instead of recomputing it (`copyCaseColumns`).
 */
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { analyticTable, type AnalyticTable } from '../../engine/analytic.ts';
import type { Registry } from '../../engine/registry.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import type { TableDef } from '../../engine/types.ts';
import { kysely, kyselyByName, type Database } from '../db/kysely.ts';
import type { Em } from '../db/orm.ts';
import { onBeforeCommit, txState, type Pending, type TxState } from '../db/transaction.ts';
import type { Doc } from '../types.ts';
import { copiedColumns, copyCaseColumns, upsertAnalytic, upsertAnalyticCase } from './compute.ts';
import { areaPathColumns } from '../../engine/area-path.ts';

/** One change as the writer records it (server/feed/types.ts `Change`). */
export interface WrittenRow {
  rowId: string;
  op: 'create' | 'update' | 'delete';
  data?: Doc | null;
  prev?: Doc;
  doc?: Doc;
}

/** How writes of one table move cases. */
type Feed =
  /** the case row itself; `copied`: the fields the row only copies (an update of these alone copies them: `copyCaseColumns`) */
  | { kind: 'case'; reads: Set<string>; copied: Set<string> }
  /** a row cases reference by `column` (their patient) */
  | { kind: 'ref'; column: string; reads: Set<string> }
  /** a sub-record: its case by the field `parentKey` (column `parent`) */
  | { kind: 'parent'; parentKey: string; parent: string }
  /** a unit: the cases whose `column` names it, when its admin unit field changes */
  | { kind: 'unit'; column: string; reads: Set<string> }
  /** an admin unit whose path changes: the cases of the units placed at it */
  | { kind: 'admin'; column: string; unitTable: string; unitColumn: string; reads: Set<string> }
  /** a catalogue every case's row reads (the age ranges): the workspace's cases */
  | { kind: 'workspace' };

/** The analytic table of a registry and, per written table, how its writes move cases. */
interface Plan {
  table: AnalyticTable;
  feeds: Map<string, Feed[]>;
}

const plans = new WeakMap<Registry, Plan | null>();

/** The plan of a registry (null: no case table, no analytic rows). */
export function analyticPlan(registry: Registry): Plan | null {
  if (plans.has(registry)) return plans.get(registry)!;
  if (!registry.tables.has('tbcase')) {
    plans.set(registry, null);
    return null;
  }
  const table = analyticTable(registry, reportCatalogue(registry));
  const feeds = new Map<string, Feed[]>();
  const keyOf = (t: string, column: string) => registry.table(t).fields.find((f) => f.column === column)?.path[0] ?? column;
  const add = (t: string, feed: Feed) => {
    const list = feeds.get(t) ?? [];
    const same = list.find((f) => JSON.stringify({ ...f, reads: undefined }) === JSON.stringify({ ...feed, reads: undefined }));
    if (same && 'reads' in same && 'reads' in feed) for (const r of feed.reads) same.reads.add(r);
    else if (!same) list.push(feed);
    feeds.set(t, list);
  };
  const caseReads = new Set<string>();
  // the case fields some column derives something from (a join, an age, a place): not merely copied
  const derivedFrom = new Set<string>();
  for (const c of table.columns) {
    const s = c.source, d = c.derive;
    if (s.kind === 'case') caseReads.add(keyOf('tbcase', c.from));
    if (s.kind === 'case' && d.kind !== 'value') derivedFrom.add(keyOf('tbcase', c.from));
    if (s.kind === 'ref') {
      caseReads.add(keyOf('tbcase', s.column));
      derivedFrom.add(keyOf('tbcase', s.column));
      add(s.table, { kind: 'ref', column: s.column, reads: new Set([keyOf(s.table, c.from)]) });
    }
    if (s.kind === 'one' || s.kind === 'latest' || s.kind === 'each' || s.kind === 'any') {
      add(s.table, { kind: 'parent', parent: s.parent, parentKey: keyOf(s.table, s.parent) });
      if (s.kind === 'latest' && s.until) for (const r of [caseReads, derivedFrom]) r.add(keyOf('tbcase', s.until.column));
    }
    if (d.kind === 'band' || d.kind === 'years') for (const r of [caseReads, derivedFrom]) r.add(keyOf('tbcase', d.at));
    if (d.kind === 'band') add('agerange', { kind: 'workspace' });
    if (d.kind === 'area') {
      const column = s.kind === 'case' ? c.from : undefined;
      if (!column) throw new Error(`${table.name}.${c.name}: an area of a unit referenced by a table other than the case`);
      add(d.unitTable, { kind: 'unit', column, reads: new Set([keyOf(d.unitTable, d.unitColumn)]) });
      add('adminunit', { kind: 'admin', column, unitTable: d.unitTable, unitColumn: d.unitColumn, reads: new Set(areaPathColumns.map((c) => keyOf('adminunit', c))) });
    }
  }
  const copied = new Set(copiedColumns(table).map((c) => keyOf('tbcase', c.from)).filter((k) => !derivedFrom.has(k)));
  add('tbcase', { kind: 'case', reads: caseReads, copied });
  const plan = { table, feeds };
  plans.set(registry, plan);
  return plan;
}

/** The cases a transaction's writes moved, by how they are found. */
class Moved implements Pending {
  cases = new Set<string>();
  /** cases whose update changed only fields their row copies (`copyCaseColumns`) */
  copies = new Set<string>();
  /** case column → ids it may name (patients, units) */
  byColumn = new Map<string, Set<string>>();
  /** `column|unitTable|unitColumn` → admin unit ids */
  byArea = new Map<string, Set<string>>();
  workspaces = new Set<string>();
  constructor(readonly plan: Plan) {}

  get size() {
    let n = this.cases.size + this.copies.size + this.workspaces.size;
    for (const s of [...this.byColumn.values(), ...this.byArea.values()]) n += s.size;
    return n;
  }

  mergeInto(into: Pending) {
    const o = into as Moved;
    for (const id of this.cases) o.cases.add(id);
    for (const id of this.copies) o.copies.add(id);
    for (const id of this.workspaces) o.workspaces.add(id);
    for (const [k, ids] of this.byColumn) for (const id of ids) addTo(o.byColumn, k, id);
    for (const [k, ids] of this.byArea) for (const id of ids) addTo(o.byArea, k, id);
  }

  /** The cases to recompute, as one condition on `tbcase as c`; undefined when none. */
  where(): RawBuilder<SqlBool> | undefined {
    const uuids = (ids: Set<string>) => sql`${`{${[...ids].join(',')}}`}::uuid[]`;
    const parts: RawBuilder<SqlBool>[] = [];
    const cases = new Set([...this.cases, ...this.copies]);
    if (cases.size) parts.push(sql<SqlBool>`c.id = any(${uuids(cases)})`);
    for (const [column, ids] of this.byColumn) parts.push(sql<SqlBool>`${sql.ref(`c.${column}`)} = any(${uuids(ids)})`);
    for (const [key, ids] of this.byArea) {
      const [column, unitTable, unitColumn] = key.split('|');
      parts.push(sql<SqlBool>`${sql.ref(`c.${column}`)} in (select u.id from ${sql.table(unitTable)} as u where ${sql.ref(`u.${unitColumn}`)} = any(${uuids(ids)}))`);
    }
    if (this.workspaces.size) parts.push(sql<SqlBool>`c.workspace_id = any(${uuids(this.workspaces)})`);
    return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` or `)})` : undefined;
  }

  /** The case, when one case by id is all that moved (a save's): its row goes by a statement prepared for one case. */
  oneCase(): { id: string; copy: boolean } | undefined {
    if (this.size !== 1) return undefined;
    if (this.cases.size) return { id: [...this.cases][0], copy: false };
    if (this.copies.size) return { id: [...this.copies][0], copy: true };
    return undefined;
  }

  clear() {
    this.cases.clear();
    this.copies.clear();
    this.byColumn.clear();
    this.byArea.clear();
    this.workspaces.clear();
  }
}

const addTo = (m: Map<string, Set<string>>, key: string, id: string) => {
  let s = m.get(key);
  if (!s) m.set(key, (s = new Set()));
  s.add(id);
};

const KEY = 'analytic';
/** A transaction that moved this many cases (or patients, units…) recomputes them at once, then goes on collecting. */
const FLUSH_AT = 20_000;

/** Whether an update changed a field the rows read (no `data`: unknown, so yes). */
const touches = (w: WrittenRow, reads: Set<string>) => w.op !== 'update' || !w.data || Object.keys(w.data).some((k) => reads.has(k.split('.')[0]));

/** Whether an update changed fields the case's row reads only as copies (see `Feed` `copied`). */
const copiesOnly = (w: WrittenRow, feed: Extract<Feed, { kind: 'case' }>) =>
  w.op === 'update' && !!w.data && Object.keys(w.data).every((k) => !feed.reads.has(k.split('.')[0]) || feed.copied.has(k.split('.')[0]));

/**
 * Notes rows written to table `def` in the transaction of `em`: the cases they move are recomputed
 * just before it commits (at once outside a transaction). Call it with every change, before a delete
 * (a deleted sub-record's case is read from it while it is there).
 * @example await noteWrites(em, registry, def, workspaceId, [{ rowId: examId, op: 'create', doc }])
 */
export async function noteWrites(em: Em, registry: Registry, def: TableDef, workspaceId: string, rows: WrittenRow[]): Promise<void> {
  const plan = analyticPlan(registry);
  const feeds = plan?.feeds.get(def.name);
  if (!plan || !feeds || !rows.length) return;
  const state = txState(em);
  const moved = (state?.pending.get(KEY) as Moved | undefined) ?? new Moved(plan);
  if (state && !state.pending.has(KEY)) state.pending.set(KEY, moved);
  for (const feed of feeds) {
    if (feed.kind === 'case') {
      for (const w of rows) {
        if (w.op === 'delete' || !touches(w, feed.reads)) continue;
        // a case whose update changed only fields its row copies: the copy (unless something else moves it wholly)
        if (copiesOnly(w, feed) && !moved.cases.has(w.rowId)) moved.copies.add(w.rowId);
        else {
          moved.cases.add(w.rowId);
          moved.copies.delete(w.rowId);
        }
      }
    } else if (feed.kind === 'ref' || feed.kind === 'unit') {
      for (const w of rows) if (w.op !== 'create' && touches(w, feed.reads)) addTo(moved.byColumn, feed.column, w.rowId);
    } else if (feed.kind === 'admin') {
      for (const w of rows) if (w.op === 'update' && touches(w, feed.reads)) addTo(moved.byArea, `${feed.column}|${feed.unitTable}|${feed.unitColumn}`, w.rowId);
    } else if (feed.kind === 'workspace') {
      moved.workspaces.add(workspaceId);
    } else {
      const unknown: string[] = [];
      for (const w of rows) {
        const parent = w.doc?.[feed.parentKey] ?? w.prev?.[feed.parentKey] ?? w.data?.[feed.parentKey];
        if (typeof parent === 'string') moved.cases.add(parent);
        else unknown.push(w.rowId);
      }
      if (unknown.length) {
        const found = await kyselyByName(em).selectFrom(def.name).select(sql.ref(feed.parent).as('p')).where('id', '=', sql<string>`any(${`{${unknown.join(',')}}`}::uuid[])`).execute();
        for (const r of found) if (typeof r.p === 'string') moved.cases.add(r.p);
      }
    }
  }
  if (!state || moved.size >= FLUSH_AT) await recompute(kysely(em), moved);
}

/** Recomputes the rows of the cases collected, and forgets them. */
async function recompute(db: Kysely<Database>, moved: Moved): Promise<void> {
  const one = moved.oneCase();
  const where = one ? undefined : moved.where();
  moved.clear();
  // a save's one case: by statements compiled once and prepared once per connection; a case with no row yet, wholly
  if (one?.copy && (await copyCaseColumns(db, moved.plan.table, one.id))) return;
  if (one) await upsertAnalyticCase(db, moved.plan.table, one.id);
  else if (where) await upsertAnalytic(db, moved.plan.table, where);
}

/**
 * The before-commit step (transaction.ts): the cases the transaction moved, recomputed in it.
 * @example onBeforeCommit(recomputeMoved)
 */
export async function recomputeMoved(db: Kysely<Database>, state: TxState): Promise<void> {
  const moved = state.pending.get(KEY) as Moved | undefined;
  if (moved) await recompute(db, moved);
}
onBeforeCommit(recomputeMoved);
