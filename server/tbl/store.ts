import { sql } from 'kysely';
import { kysely as db } from '../db/kysely.ts';
import { columnOf } from '../../engine/naming.ts';
import type { Registry } from '../../engine/registry.ts';
import type { Field, TableDef } from '../../engine/types.ts';
import type { Em } from '../db/orm.ts';
import type { Session, Doc } from '../types.ts';
import { isRowScoped, scopeBranches, scopeCondition, type Condition, type ScopeMode } from '../scope/rows.ts';
import { afterCursor, decodeCursor, encodeCursor, type OrderKey } from './keyset.ts';
import { childRowsToItems, docToRow, planChildRows, rowToDoc } from './rows.ts';
import { t } from '../../engine/i18n.ts';
import { fail } from '../http/errors.ts';
import { likePattern } from '../db/like.ts';
import { getPath } from '../../engine/path.ts';

export interface QueryOptions {
  /** Rows per page (the caller caps it; see `routes.ts`). */
  pageSize: number;
  /** A page number (OFFSET paging, for the first pages a pager shows). */
  page?: number;
  /** A cursor from a previous answer's `next`: the page after it, at any depth (keyset paging). */
  after?: string;
  /** Count the matching rows (bounded by {@link COUNT_CAP}); default true. */
  count?: boolean;
  id?: string;
  key?: string;
  filters?: Record<string, unknown>;
  /** Conditions a domain module adds (named query filters, see `TableHooks.filters`); the table is aliased `t`. */
  conditions?: ((q: any) => any)[];
}

export interface QueryResult {
  /** Matching rows, counted up to {@link COUNT_CAP}; absent when not asked. */
  count?: number;
  /** True when more than {@link COUNT_CAP} rows match: show "10 000+". */
  countCapped?: boolean;
  /** True when counting took too long and `count` is the planner's estimate: show "≈ N". */
  countEstimated?: boolean;
  list: Doc[];
  /** The cursor of the next page (`after`), or null on the last page. */
  next: string | null;
  [extra: string]: unknown;
}

/** Counting stops here: a count of a million rows costs seconds, "10 000+" costs milliseconds. */
export const COUNT_CAP = 10_000;
/** A count may take this long (ms), so a page with its count answers within 150 ms; past it the planner's estimate is answered. */
export const COUNT_MS = 100;
/** OFFSET paging reads every skipped row: deeper pages must use `after`. */
export const OFFSET_CAP = 10_000;


/** The SQL expression of a field: its column, or the joined column of an `x-via` field. */
function colExpr(f: Field): string {
  if (!f.via) return `t.${f.column}`;
  return `j_${f.via.refKey}.${columnOf(f.via.targetKey.split('.'))}`;
}

/** Selects the given fields (and `x-via` columns under their own names). */
function columns(fields: Field[]) {
  const out: any[] = ['t.id', 't.version', 't.updated_at'];
  for (const f of fields) {
    if (f.kind === 'none') continue;
    out.push(f.via ? sql.ref(colExpr(f)).as(f.column) : `t.${f.column}`);
  }
  return out;
}

/** The fields a list shows (`x-list.columns` plus title, subtitle, label, order, badges and refs), or every field. */
export function listFields(def: TableDef): Field[] {
  const l = def.list;
  if (!l.columns) return def.fields;
  const keys = new Set([...l.columns, l.title, l.subtitle, ...(l.label ?? []), ...(l.order ?? []).map((k) => k.replace(/^-/, '')), ...(l.badges ?? []).map((b) => b.field), ...(l.refs ?? [])]);
  return def.fields.filter((f) => keys.has(f.key) || keys.has(f.path[0]));
}

/** A key of a list's order, with the field it reads (none for the closing id). */
export type ListKey = OrderKey & { field?: Field };

/** The order of a list: `x-list.order`, then the id in the last key's direction (one index serves both). */
export function orderKeys(def: TableDef): ListKey[] {
  const keys: ListKey[] = [];
  for (const key of def.list.order ?? []) {
    const f = def.fields.find((x) => x.key === key.replace(/^-/, ''));
    if (f && f.kind !== 'none') keys.push({ expr: colExpr(f), desc: key.startsWith('-'), nullable: !(def.schema.required ?? []).includes(f.key) || !!f.via, field: f });
  }
  keys.push({ expr: 't.id', desc: keys.at(-1)?.desc ?? false, nullable: false });
  return keys;
}

/** Who reads or writes: the workspace, the member (workspace table) and the row scope of their view. */
export interface StoreAccess {
  workspaceId?: string;
  /** For the workspace table itself: only the workspaces this user belongs to are visible. */
  memberId?: string;
  /** Row-scoped tables (`x-table.scope`/`parent`): only the rows the session may read or write. */
  scope?: { registry: Registry; session: Session; mode: ScopeMode };
}

/** Reads and writes the rows of one declared table and its child tables, within one workspace and view. */
export class TableStore {
  readonly workspaceId?: string;
  readonly memberId?: string;

  constructor(
    readonly def: TableDef,
    readonly em: Em,
    workspaceOrAccess?: string | StoreAccess,
    memberId?: string,
  ) {
    this.access = typeof workspaceOrAccess === 'object' ? workspaceOrAccess : { workspaceId: workspaceOrAccess, memberId };
    this.workspaceId = this.access.workspaceId;
    this.memberId = this.access.memberId;
  }
  private readonly access: StoreAccess;

  /**
   * The store as a session sees it: its workspace, its memberships and its view (read or write).
   * @example await TableStore.of(registry, def, em, session, 'read').read(id) // undefined outside the view
   */
  static of(registry: Registry, def: TableDef, em: Em, session: Session, mode: ScopeMode): TableStore {
    return new TableStore(def, em, { workspaceId: session.workspaceId, memberId: session.userId, scope: { registry, session, mode } });
  }

  /**
   * Limits a statement on the table (aliased `alias`) to the workspace, the member's workspaces and
   * the view — or, with `only`, to one branch of the view (`scopeBranches`).
   */
  private limit<Q extends { where: (...a: any[]) => any }>(q: Q, alias: string, only?: Condition): Q {
    const col = (c: string) => (alias ? `${alias}.${c}` : c);
    if (this.def.meta.workspace) q = q.where(col('workspace_id'), '=', this.workspaceId!);
    if (this.def.meta.ws && this.memberId) q = q.where(col('id'), 'in', db(this.em).selectFrom('userws').select('workspace_id').where('user_id', '=', this.memberId));
    const s = this.access.scope;
    const cond = only ?? (s && scopeCondition(db(this.em), s.registry, this.def, s.session, alias || this.def.name, s.mode));
    return cond ? q.where(cond) : q;
  }

  private base(only?: Condition) {
    let q = db(this.em).selectFrom(`${this.def.name} as t`);
    for (const refKey of new Set(this.def.fields.filter((f) => f.via).map((f) => f.via!.refKey))) {
      const ref = this.def.fields.find((f) => f.key === refKey)!;
      q = q.leftJoin(`${ref.ref} as j_${refKey}`, `j_${refKey}.id`, `t.${ref.column}`);
    }
    return this.limit(q, 't', only);
  }

  /** The view's disjoint branches for a list (see `scopeBranches`), or `[undefined]`: the whole view at once. */
  private branches(): (Condition | undefined)[] {
    const s = this.access.scope;
    return (s?.mode === 'read' && scopeBranches(s.registry, this.def, s.session, 't')) || [undefined];
  }

  async read(id: string, opts: { hidden?: boolean; lock?: boolean } = {}): Promise<Doc | undefined> {
    let q = this.base().select(columns(this.def.fields)).where('t.id', '=', id);
    if (opts.lock) q = q.forUpdate('t') as typeof q;
    const row = await q.executeTakeFirst();
    if (!row) return undefined;
    const doc = { ...system(row), ...rowToDoc(this.def.fields, row, opts) };
    await this.loadChildren([doc]);
    return doc;
  }

  /** The rows among `ids` within the workspace and view: their id and the given columns. */
  async rowsByIds(ids: string[], cols: string[] = []): Promise<Record<string, unknown>[]> {
    if (!ids.length) return [];
    return this.base().select(['t.id', ...cols.map((c) => `t.${c}`)]).where('t.id', 'in', ids).execute();
  }

  /** Whether the row exists within the workspace and view. */
  async exists(id: string): Promise<boolean> {
    return !!(await this.base().select('t.id').where('t.id', '=', id).executeTakeFirst());
  }

  async loadChildren(docs: Doc[]): Promise<void> {
    if (!docs.length) return;
    const ids = docs.map((d) => d.id);
    for (const child of this.def.children) {
      const rows = await db(this.em).selectFrom(child.table).selectAll().where('parent_id', 'in', ids).orderBy('idx').execute();
      for (const d of docs) d[child.prop] = childRowsToItems(child, rows.filter((r) => r.parent_id === d.id));
    }
  }

  /** The rows matching a query's filters, key and conditions (no order, no page), within the view or one branch of it. */
  private matching(o: QueryOptions, only?: Condition) {
    const def = this.def;
    let q = this.base(only);
    if (o.id) q = q.where('t.id', '=', o.id);
    for (const condition of o.conditions ?? []) q = condition(q);
    for (const [key, value] of Object.entries(o.filters ?? {})) {
      const f = def.fields.find((x) => x.key === key)!;
      q = value === null ? q.where(colExpr(f), 'is', null) : Array.isArray(value) ? q.where(colExpr(f), 'in', value) : q.where(colExpr(f), '=', value as any);
    }
    const search = (def.list.search ?? []).map((k) => def.fields.find((f) => f.key === k)!).filter((f) => f && f.kind !== 'none');
    if (o.key && search.length) {
      // each searched column has a trigram index (entities.ts), so `ilike '%…%'` is an index scan
      const like = likePattern(o.key);
      q = q.where((eb) => eb.or(search.map((f) => eb(colExpr(f), 'ilike', like))));
    }
    return q;
  }

  /**
   * A page of rows in `x-list.order`: the list and the count are two statements (a window count
   * makes PostgreSQL read every match), the count bounded by {@link COUNT_CAP}; `after` continues
   * from a cursor at any depth, `page` pages by OFFSET (first pages only).
   * @example await store.query({ pageSize: 50, key: 'иван' }) // { count: 12, list: [...], next: null }
   */
  async query(o: QueryOptions): Promise<QueryResult> {
    const keys = orderKeys(this.def);
    const fields = listFields(this.def);
    const offset = !o.after && o.page && o.page > 1 ? (o.page - 1) * o.pageSize : 0;
    // the order values of the last row make the cursor, whatever the list selects
    const orderFields = keys.map((k) => k.field).filter((f): f is Field => !!f && !fields.includes(f));
    const branch = (only: Condition | undefined, limit: number) => {
      let q = this.matching(o, only).select(columns(fields));
      if (orderFields.length) q = q.select(columns(orderFields).slice(3));
      if (o.after) q = q.where(afterCursor(keys, decodeCursor(o.after, keys.length)!));
      for (const k of keys) q = q.orderBy(k.expr, k.desc ? 'desc' : 'asc');
      return q.limit(limit);
    };
    const branches = this.branches();
    let page: any;
    if (branches.length === 1) page = branch(branches[0], o.pageSize).offset(offset);
    else {
      // each branch ordered and cut on its own index, then merged: enough rows of each for this page
      const parts = branches.map((b, i) => db(this.em).selectFrom(branch(b, offset + o.pageSize).as(`b${i}`)).selectAll());
      const all = parts.slice(1).reduce((u, p) => u.unionAll(p), parts[0]);
      page = db(this.em).selectFrom(all.as('u')).selectAll();
      for (const k of keys) page = page.orderBy(`u.${k.field ? k.field.column : 'id'}`, k.desc ? 'desc' : 'asc');
      page = page.limit(o.pageSize).offset(offset);
    }
    const rows = await this.withRefNames(page, keys).execute();
    const list = rows.map((r: Record<string, unknown>) => ({ ...system(r), ...rowToDoc(fields, r), ...refNames(this.refFields(), r) }));
    const last = rows.at(-1);
    const next = last && rows.length === o.pageSize ? encodeCursor(keys.map((k) => cursorValue(k, last))) : null;
    const result: QueryResult = { list, next };
    if (o.count !== false) Object.assign(result, await this.count(o));
    return result;
  }

  /**
   * The number of matching rows, up to {@link COUNT_CAP} (then `countCapped`), disjoint branches
   * counted apart — and, for the row-scoped tables that grow to millions (cases, patients, their
   * sub-records), within {@link COUNT_MS} (100 ms): a count that would take longer (a rare combination
   * of filters over a million rows) answers the planner's estimate instead (`countEstimated`).
   */
  async count(o: Omit<QueryOptions, 'pageSize'>): Promise<{ count: number; countCapped: boolean; countEstimated?: boolean }> {
    // catalogues are small: their count needs no clock (and no transaction for it); the tables placed
    // by a unit are the ones that grow with the programme
    if (!isRowScoped(this.def)) return this.exactCount(o);
    try {
      return await this.em.fork().transactional(async (em) => {
        await sql.raw(`set local statement_timeout = ${COUNT_MS}`).execute(db(em));
        return new TableStore(this.def, em, this.access).exactCount(o);
      });
    } catch (e) {
      const err = e as { code?: string; cause?: { code?: string } };
      if ((err.code ?? err.cause?.code) !== '57014') throw e;
      const n = await this.estimatedCount(o);
      return { count: Math.min(n, COUNT_CAP), countCapped: n > COUNT_CAP, countEstimated: true };
    }
  }

  private async exactCount(o: Omit<QueryOptions, 'pageSize'>): Promise<{ count: number; countCapped: boolean }> {
    let n = 0;
    for (const only of this.branches()) {
      if (n > COUNT_CAP) break;
      const capped = this.matching({ ...o, pageSize: 0 }, only).select(sql`1`.as('one')).limit(COUNT_CAP + 1 - n);
      const row = await db(this.em).selectFrom(capped.as('m')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
      n += Number(row?.n ?? 0);
    }
    return { count: Math.min(n, COUNT_CAP), countCapped: n > COUNT_CAP };
  }

  /** The planner's estimate of the matching rows (no row is read). */
  private async estimatedCount(o: Omit<QueryOptions, 'pageSize'>): Promise<number> {
    let n = 0;
    for (const only of this.branches()) {
      const plan = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`explain (format json) ${this.matching({ ...o, pageSize: 0 }, only).select(sql`1`.as('one'))}`.execute(db(this.em));
      n += Math.round(Number(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']));
    }
    return n;
  }

  /** The reference fields a list names (`x-list.refs`). */
  private refFields(): Field[] {
    return (this.def.list.refs ?? []).map((k) => this.def.fields.find((f) => f.key === k)).filter((f): f is Field => !!f?.ref);
  }

  /**
   * The page with the names of what its rows reference (`x-list.refs`), in one statement: the page
   * is ordered and cut first, then joined to the targets (50 lookups by primary key).
   */
  private withRefNames(page: any, keys: ListKey[]) {
    const refs = this.refFields();
    if (!refs.length) return page;
    let q = db(this.em).selectFrom(page.as('pg')).selectAll('pg');
    refs.forEach((f, i) => {
      const label = sql.join((f.refLabel ?? ['name']).map((c) => sql.ref(`r${i}.${c}`)));
      q = q.leftJoin(`${f.ref} as r${i}`, `r${i}.id`, `pg.${f.column}`).select(sql<string>`concat_ws(' ', ${label})`.as(`__ref${i}`));
    });
    for (const k of keys) {
      const f = k.field;
      q = q.orderBy(`pg.${f ? f.column : 'id'}`, k.desc ? 'desc' : 'asc');
    }
    return q;
  }

  /** For each ref of `x-list.refs`, adds `{id, name}` under the field's name without `Id`, named by the target's label. */
  async joinRefs(docs: Doc[]): Promise<void> {
    for (const key of this.def.list.refs ?? []) {
      const f = this.def.fields.find((x) => x.key === key);
      if (!f?.ref) continue;
      const ids = [...new Set(docs.map((d) => d[key]).filter(Boolean))];
      if (!ids.length) continue;
      const names = await TableStore.names(this.em, f.ref, ids, f.refLabel);
      const as = key.replace(/Id$/, '');
      for (const d of docs) if (d[key]) d[as] = { id: d[key], name: names.get(d[key]) };
    }
  }

  async insert(id: string, doc: Doc): Promise<void> {
    const row: Record<string, unknown> = { id, ...docToRow(this.def.fields, doc) };
    if (this.def.meta.workspace) row.workspace_id = this.workspaceId;
    await db(this.em).insertInto(this.def.name).values(row).execute();
    await this.writeChildren(id, doc, true);
  }

  /** Writes the document over the row (within the workspace and view); returns the new version. */
  async update(id: string, doc: Doc): Promise<number | undefined> {
    const row = { ...docToRow(this.def.fields, doc), updated_at: sql`now()`, version: sql`version + 1` };
    const q = this.limit(db(this.em).updateTable(this.def.name).set(row).where('id', '=', id), '');
    const done = await q.returning('version').executeTakeFirst();
    await this.writeChildren(id, doc, false);
    return done?.version;
  }

  /**
   * Stores the document's child rows: rows keep their ids across saves — a changed row is updated,
   * a new one inserted (with the id the client chose, if free), a missing one deleted, `idx` kept
   * as the order (`planChildRows`).
   */
  private async writeChildren(id: string, doc: Doc, isNew: boolean) {
    const lang = this.access.scope?.session.lang ?? 'ru';
    for (const child of this.def.children) {
      const items = Array.isArray(doc[child.prop]) ? (doc[child.prop] as unknown[]) : [];
      const stored = isNew ? [] : await db(this.em).selectFrom(child.table).selectAll().where('parent_id', '=', id).execute();
      const plan = planChildRows(child, id, stored, items, lang);
      if (plan.remove.length) await db(this.em).deleteFrom(child.table).where('parent_id', '=', id).where('id', 'in', plan.remove).execute();
      for (const u of plan.update) await db(this.em).updateTable(child.table).set(u.values).where('parent_id', '=', id).where('id', '=', u.id).execute();
      if (!plan.insert.length) continue;
      // an id the client chose may be another parent's row: refused, never moved
      const taken = await db(this.em).selectFrom(child.table).select('id').where('id', 'in', plan.insert.map((r) => r.id as string)).executeTakeFirst();
      if (taken) throw fail(409, t(lang, 'msg.idTaken'), `${child.prop}.${plan.insert.find((r) => r.id === taken.id)!.idx}.id`);
      await db(this.em).insertInto(child.table).values(plan.insert).execute();
    }
  }

  async delete(id: string): Promise<number> {
    const q = this.limit(db(this.em).deleteFrom(this.def.name).where('id', '=', id), '');
    const r = await q.executeTakeFirst();
    return Number(r.numDeletedRows ?? 0);
  }

  /** Display names of rows by id (for history values and option labels): the columns joined by spaces. */
  static async names(em: Em, table: string, ids: string[], labelColumns: string | string[] = 'name'): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const cols = Array.isArray(labelColumns) ? labelColumns : [labelColumns];
    const rows = await db(em).selectFrom(table).select(['id', ...cols]).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id as string, cols.map((c) => r[c]).filter((v) => v != null && v !== '').join(' ')]));
  }
}

/** `{id, name}` under each listed reference's name without `Id` (`ownerUnitId` → `ownerUnit`), from {@link TableStore.withRefNames}. */
function refNames(refs: Field[], row: Record<string, unknown>): Doc {
  const out: Doc = {};
  refs.forEach((f, i) => {
    const id = row[f.column];
    if (id) out[f.key.replace(/Id$/, '')] = { id, name: row[`__ref${i}`] ?? undefined };
  });
  return out;
}

/** What every stored row carries: its id, version (for stale-update checks) and last change. */
const system = (row: Record<string, any>) => ({
  id: row.id as string,
  version: Number(row.version),
  // PostgreSQL's driver gives a Date, PGlite's the timestamp's text: both become ISO 8601
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** A row's value of an order key, as the cursor keeps it (dates as the document writes them). */
function cursorValue(k: ListKey, row: Record<string, unknown>): unknown {
  if (!k.field) return row.id;
  return getPath(rowToDoc([k.field], row), k.field.path) ?? null;
}

