// What a table's hooks see and declare (`DomainModule.hooks`): a save, a twin, a delete, a read, a
// query — each typed by the table's generated document type. Types only.
import type { Schemas } from '../engine/generated/index.ts';
import type { JsonSchema, TableDef } from '../engine/types.ts';
import type { Em } from './db/orm.ts';
import type { AppContext, Doc, Row, SchemaName, Session, Stored } from './types.ts';

/**
 * What a save's hooks see. `T` is the table's generated type: the document has passed the table's
 * schema (ajv) before `beforeSave` runs, and the host calls a table's hooks only with its own rows.
 */
export interface SaveContext<T extends object = Doc> {
  em: Em;
  ctx: AppContext;
  session: Session;
  def: TableDef;
  id: string;
  isNew: boolean;
  /** The whole document as it will be stored; a hook may change it. */
  doc: T;
  /** The stored document before this change (updates only). */
  prev?: Row<T>;
  /** The declared action writing it (server/actions), which checked its own permission; none for an edit or an upload. */
  action?: string;
}

/** What `TableHooks.twinOf` is given: a new row (`doc`, its id `id`) of the table `def`. */
export interface TwinContext<T extends object = Doc> {
  em: Em;
  ctx: AppContext;
  session: Session;
  def: TableDef;
  id: string;
  doc: Partial<T>;
}

export interface DeleteContext<T extends object = Doc> {
  em: Em;
  ctx: AppContext;
  session: Session;
  def: TableDef;
  id: string;
  prev: Row<T>;
}

/** What `afterRead` sees: rows read whole, or a list's rows with only the fields the list selects. */
export interface ReadContext<T extends object = Doc> {
  em: Em;
  ctx: AppContext;
  session: Session;
  def: TableDef;
  docs: (Partial<T> & Stored)[];
}

/**
 * A query parameter that is not a plain field equality. Its value is checked against `schema`; then
 * `apply` adds a condition to the query (the table is aliased `t`: units within an area's subtree),
 * or, without `apply`, it only reaches `afterQuery` (ask for extra data, like the tree's levels).
 */
export interface QueryParam {
  schema: JsonSchema;
  apply?(q: any, value: any, session: Session): any;
}

export interface QueryContext<T extends object = Doc> extends ReadContext<T> {
  /** The named parameters given, by name. */
  params: Doc;
  /** The answer, `{count, list, next}`; a hook may add keys, to the answer and to its rows (`hasChildren`). */
  result: { count?: number; list: (Partial<T> & Stored & { [extra: string]: unknown })[]; [extra: string]: unknown };
}

/**
 * Behaviour a domain adds to one table, beyond what its schema says; `T` is the table's generated
 * type (`HooksOn<'tbcase'>`). Hooks are methods, so the host holds every table's as `TableHooks`.
 */
export interface TableHooks<T extends object = Doc> {
  /** Named parameters accepted by `POST /api/tbl/<table>/query` (and option lookups) besides the fields. */
  filters?: Record<string, QueryParam>;
  /** Adds to a query's answer (after `afterRead` ran on its rows). */
  afterQuery?(x: QueryContext<T>): Promise<void> | void;
  /** Checks or completes a document before it is written; throw an ApiError to refuse. */
  beforeSave?(x: SaveContext<T>): Promise<void> | void;
  afterSave?(x: SaveContext<T>): Promise<void> | void;
  /**
   * After an offline client's uploaded row was written (server/sync/push.ts, in its transaction): what
   * the browser's action did around such a row that the row alone does not carry (a treatment row
   * uploaded: its case starts treatment). Throw an ApiError to reject the upload of the row.
   */
  afterPush?(x: SaveContext<T>): Promise<void> | void;
  /**
   * The row already held under another id that a new row made offline is the same as (a manual tag of
   * the same name, a case's link to the same tag), or undefined: the server takes an uploaded new row as
   * that row (server/sync/push.ts), and the client lets its own such row give way to the server's when
   * that arrives (server/sync/client/apply.ts). `doc` is the new row, `id` its id.
   */
  twinOf?(x: TwinContext<T>): Promise<string | undefined>;
  beforeDelete?(x: DeleteContext<T>): Promise<void> | void;
  /** Adds what the table does not store (fields with `x-storage: none`) to documents read. */
  afterRead?(x: ReadContext<T>): Promise<void> | void;
}

/**
 * The hooks of the table `K`, typed by its generated type.
 * @example export const unitHooks: HooksOn<'unit'> = { beforeSave: ({ doc }) => { doc.name.trim(); } };
 */
export type HooksOn<K extends SchemaName> = TableHooks<Schemas[K]>;

/** A module's hooks by table: each table's hooks receive that table's documents. */
export type ModuleHooks = { [K in SchemaName]?: HooksOn<K> };
