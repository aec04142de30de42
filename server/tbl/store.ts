import { sql, type Kysely } from 'kysely';
import { columnOf } from '../../engine/naming.ts';
import type { Field, TableDef } from '../../engine/types.ts';
import type { Em } from '../db/orm.ts';
import type { Doc } from '../modules.ts';
import { childRowsToItems, docToRow, itemsToChildRows, rowToDoc } from './rows.ts';

export interface QueryOptions {
  workspaceId?: string;
  page?: number;
  pageSize?: number;
  id?: string;
  key?: string;
  filters?: Record<string, unknown>;
  /** Conditions a domain module adds (named query filters, see `TableHooks.filters`); the table is aliased `t`. */
  conditions?: ((q: any) => any)[];
}

const db = (em: Em) => em.getKysely() as unknown as Kysely<any>;

/** The SQL expression of a field: its column, or the joined column of an `x-via` field. */
function colExpr(def: TableDef, f: Field): string {
  if (!f.via) return `t.${f.column}`;
  return `j_${f.via.refKey}.${columnOf(f.via.targetKey.split('.'))}`;
}

/** Selects a table's columns (and `x-via` columns under their own names). */
function columns(def: TableDef) {
  const out: any[] = ['t.id'];
  for (const f of def.fields) {
    if (f.kind === 'none') continue;
    out.push(f.via ? sql.ref(colExpr(def, f)).as(f.column) : `t.${f.column}`);
  }
  return out;
}

/** Reads and writes the rows of one declared table and its child tables, within one workspace. */
export class TableStore {
  constructor(
    readonly def: TableDef,
    readonly em: Em,
    readonly workspaceId?: string,
    /** For the workspace table itself: only the workspaces this user belongs to are visible. */
    readonly memberId?: string,
  ) {}

  /** Limits a query on the workspace table to the member's workspaces. */
  private members<Q extends { where: (...a: any[]) => Q }>(q: Q, column: string): Q {
    if (!this.def.meta.ws || !this.memberId) return q;
    return q.where(column, 'in', db(this.em).selectFrom('userws').select('workspace_id').where('user_id', '=', this.memberId));
  }

  private get scoped() {
    return this.def.meta.workspace === true;
  }

  private base() {
    let q = db(this.em).selectFrom(`${this.def.name} as t`);
    for (const refKey of new Set(this.def.fields.filter((f) => f.via).map((f) => f.via!.refKey))) {
      const ref = this.def.fields.find((f) => f.key === refKey)!;
      q = q.leftJoin(`${ref.ref} as j_${refKey}`, `j_${refKey}.id`, `t.${ref.column}`);
    }
    if (this.scoped) q = q.where('t.workspace_id', '=', this.workspaceId!);
    return this.members(q, 't.id');
  }

  async read(id: string, opts: { hidden?: boolean } = {}): Promise<Doc | undefined> {
    const row = await this.base().select(columns(this.def)).where('t.id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const doc = { id: row.id, ...rowToDoc(this.def.fields, row, opts) };
    await this.loadChildren([doc]);
    return doc;
  }

  async loadChildren(docs: Doc[]): Promise<void> {
    if (!docs.length) return;
    const ids = docs.map((d) => d.id);
    for (const child of this.def.children) {
      const rows = await db(this.em).selectFrom(child.table).selectAll().where('parent_id', 'in', ids).orderBy('idx').execute();
      for (const d of docs) d[child.prop] = childRowsToItems(child, rows.filter((r) => r.parent_id === d.id));
    }
  }

  /** A page of rows, with the total count, ordered as `x-list.order` says. */
  async query(o: QueryOptions): Promise<{ count: number; list: Doc[] }> {
    const def = this.def;
    let q = this.base().select([...columns(def), sql<number>`count(*) over()`.as('__count')]);
    if (o.id) q = q.where('t.id', '=', o.id);
    for (const condition of o.conditions ?? []) q = condition(q);
    for (const [key, value] of Object.entries(o.filters ?? {})) {
      const f = def.fields.find((x) => x.key === key)!;
      q = value === null ? q.where(colExpr(def, f), 'is', null) : q.where(colExpr(def, f), '=', value as any);
    }
    const search = (def.list.search ?? []).map((k) => def.fields.find((f) => f.key === k)!).filter((f) => f && f.kind !== 'none');
    if (o.key && search.length) {
      const like = `%${o.key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) => eb.or(search.map((f) => eb(colExpr(def, f), 'ilike', like))));
    }
    for (const key of def.list.order ?? []) {
      const f = def.fields.find((x) => x.key === key.replace(/^-/, ''));
      if (f && f.kind !== 'none') q = q.orderBy(colExpr(def, f), key.startsWith('-') ? 'desc' : 'asc');
    }
    q = q.orderBy('t.id');
    if (o.pageSize) q = q.limit(o.pageSize).offset(Math.max(0, (o.page ?? 1) - 1) * o.pageSize);
    const rows = await q.execute();
    let count = rows.length ? Number(rows[0].__count) : 0;
    if (!rows.length && (o.page ?? 1) > 1) count = Number((await this.base().select(sql<number>`count(*)`.as('c')).executeTakeFirst())?.c ?? 0);
    const list = rows.map((r) => ({ id: r.id, ...rowToDoc(def.fields, r) }));
    await this.joinRefs(list);
    return { count, list };
  }

  /** For each ref of `x-list.refs`, adds `{id, name}` under the field's name without `Id`. */
  async joinRefs(docs: Doc[]): Promise<void> {
    for (const key of this.def.list.refs ?? []) {
      const f = this.def.fields.find((x) => x.key === key);
      if (!f?.ref) continue;
      const ids = [...new Set(docs.map((d) => d[key]).filter(Boolean))];
      if (!ids.length) continue;
      const rows = await db(this.em).selectFrom(f.ref).select(['id', 'name']).where('id', 'in', ids).execute();
      const names = new Map(rows.map((r) => [r.id, r.name]));
      const as = key.replace(/Id$/, '');
      for (const d of docs) if (d[key]) d[as] = { id: d[key], name: names.get(d[key]) };
    }
  }

  async insert(id: string, doc: Doc): Promise<void> {
    const row: Record<string, unknown> = { id, ...docToRow(this.def.fields, doc) };
    if (this.scoped) row.workspace_id = this.workspaceId;
    await db(this.em).insertInto(this.def.name).values(row).execute();
    await this.writeChildren(id, doc, true);
  }

  async update(id: string, doc: Doc): Promise<void> {
    const row = { ...docToRow(this.def.fields, doc), updated_at: sql`now()`, version: sql`version + 1` };
    let q = db(this.em).updateTable(this.def.name).set(row).where('id', '=', id);
    if (this.scoped) q = q.where('workspace_id', '=', this.workspaceId!);
    await this.members(q, 'id').execute();
    await this.writeChildren(id, doc, false);
  }

  private async writeChildren(id: string, doc: Doc, isNew: boolean) {
    for (const child of this.def.children) {
      if (!isNew) await db(this.em).deleteFrom(child.table).where('parent_id', '=', id).execute();
      const rows = itemsToChildRows(child, id, doc[child.prop]);
      if (rows.length) await db(this.em).insertInto(child.table).values(rows).execute();
    }
  }

  async delete(id: string): Promise<number> {
    let q = db(this.em).deleteFrom(this.def.name).where('id', '=', id);
    if (this.scoped) q = q.where('workspace_id', '=', this.workspaceId!);
    const r = await this.members(q, 'id').executeTakeFirst();
    return Number(r.numDeletedRows ?? 0);
  }

  /** Display names of rows by id (for history values and option labels). */
  static async names(em: Em, table: string, ids: string[], labelColumn = 'name'): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await db(em).selectFrom(table).select(['id', labelColumn]).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id as string, String(r[labelColumn] ?? '')]));
  }
}

export { db as kysely };
