import type { Registry } from '../../engine/registry.ts';
import type { TableDef } from '../../engine/types.ts';
import type { Em } from '../db/orm.ts';
import type { ScopeMode } from '../scope/rows.ts';
import type { Doc, Row, Session } from '../types.ts';
import { loadChildren } from './store/children.ts';
import { countRows, type RowCount } from './store/count.ts';
import { TableLimits } from './store/limits.ts';
import type { QueryOptions } from './store/matching.ts';
import { joinRefs, rowNames } from './store/names.ts';
import { pageOfRows, type QueryResult } from './store/page.ts';
import { readRow, rowExists, rowsByIds } from './store/read.ts';
import { lookedUp } from '../db/lookup-cache.ts';

/**
 * Reads and writes the rows of one declared table and its child tables, within one workspace and
 * view: the one place that builds table SQL. Each job is a file of `store/`: the limits every
 * statement starts from (`limits.ts`), reading rows (`read.ts`), child rows (`children.ts`), a list's
 * page (`matching.ts`, `page.ts`) and count (`count.ts`), their statements compiled once per shape
 * (`shaped.ts`), reference names (`names.ts`). Its row
 * statements (`store/row-statements.ts`) are the writer's alone, through `store-writes.ts`, which no file outside
 * server/tbl may import (tests/architecture/one-writer.test.ts).
 */
export class TableStore {
  private constructor(
    /** The workspace and view every statement starts from (the writer's row statements take them too). */
    readonly limits: TableLimits,
  ) {}

  /**
   * The store as a session sees it: its workspace, its memberships and its view (read or write).
   * The way to read and write rows; the only other is {@link TableStore.unscoped}.
   * @example await TableStore.of(registry, def, em, session, 'read').read(id) // undefined outside the view
   */
  static of(registry: Registry, def: TableDef, em: Em, session: Session, mode: ScopeMode): TableStore {
    return new TableStore(new TableLimits(def, em, { workspaceId: session.workspaceId, memberId: session.userId, scope: { registry, session, mode } }));
  }

  /**
   * A store no session's view limits — only the workspace, when given (a workspace table needs
   * one). The separate, grep-able door for the few reads and writes that must not follow a user's
   * view: `reason` says why, beside the call, and docs/architecture.md lists every use.
   * @example TableStore.unscoped('the system settings: one row for the installation', registry.table('sysconfig'), em)
   */
  static unscoped(reason: string, def: TableDef, em: Em, workspaceId?: string): TableStore {
    if (!reason.trim()) throw new Error(`TableStore.unscoped(${def.name}): say why the view does not apply`);
    if (def.meta.workspace && !workspaceId) throw new Error(`TableStore.unscoped(${def.name}): a workspace table needs its workspace`);
    return new TableStore(new TableLimits(def, em, { workspaceId }));
  }

  get def(): TableDef {
    return this.limits.def;
  }

  get em(): Em {
    return this.limits.em;
  }

  /**
   * The row with its child rows, or undefined outside the limits; `T` names the table's generated type.
   * @example await TableStore.of(registry, registry.table('tbcase'), em, s, 'write').read<Tbcase>(id, { lock: true })
   */
  read<T extends object = Doc>(id: string, opts: { hidden?: boolean; lock?: boolean } = {}): Promise<Row<T> | undefined> {
    return readRow(this.limits, id, opts) as Promise<Row<T> | undefined>;
  }

  /** @example await store.rowsByIds([a, b], ['type']) // the ones within the limits */
  rowsByIds(ids: string[], cols: string[] = []): Promise<Record<string, unknown>[]> {
    return rowsByIds(this.limits, ids, cols);
  }

  /** @example await store.exists(id) // false outside the view */
  exists(id: string): Promise<boolean> {
    return rowExists(this.limits, id);
  }

  /** @example await store.loadChildren(docs) // each doc gets its arrays */
  loadChildren(docs: Doc[]): Promise<void> {
    return loadChildren(this.def, this.em, docs);
  }

  /**
   * A page of rows in `x-list.order` and, unless `count: false`, their bounded count: two statements
   * (a window count makes PostgreSQL read every match).
   * @example await store.query({ pageSize: 50, key: 'иван' }) // { count: 12, list: [...], next: null }
   */
  async query(o: QueryOptions): Promise<QueryResult> {
    const result = await pageOfRows(this.limits, o);
    if (o.count !== false) Object.assign(result, await countRows(this.limits, o));
    return result;
  }

  /** @example await store.count({ filters: { state: 'CLOSED' } }) // {count: 3, countCapped: false} */
  count(o: Omit<QueryOptions, 'pageSize'>): Promise<RowCount> {
    return countRows(this.limits, o);
  }

  /** @example await store.joinRefs([doc]) // doc.ownerUnit = {id, name} */
  joinRefs(docs: Doc[]): Promise<void> {
    return joinRefs(this.def, this.em, docs);
  }

  /** Display names of rows by id (see `rowNames`). */
  static names(em: Em, table: string, ids: string[], labelColumns: string | string[] = 'name'): Promise<Map<string, string>> {
    // asked once in a batch of writes that does not write the table (server/db/lookup-cache.ts)
    return lookedUp(em, table, ['names', ids, labelColumns], () => rowNames(em, table, ids, labelColumns));
  }
}
