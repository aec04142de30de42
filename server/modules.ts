import type { Hono } from 'hono';
import type { JsonSchema, TableDef } from '../engine/types.ts';
import type { Em, Orm } from './db/orm.ts';
import type { RowAction } from './actions/types.ts';
import type { SearchProvider } from './sys/search.ts';
import type { AppContext, Env, Session } from './http/context.ts';

export type Doc = Record<string, any>;

export interface SaveContext {
  em: Em;
  ctx: AppContext;
  session: Session;
  def: TableDef;
  id: string;
  isNew: boolean;
  /** The whole document as it will be stored; a hook may change it. */
  doc: Doc;
  /** The stored document before this change (updates only). */
  prev?: Doc;
}

export interface DeleteContext {
  em: Em;
  ctx: AppContext;
  session: Session;
  def: TableDef;
  id: string;
  prev: Doc;
}

export interface ReadContext {
  em: Em;
  ctx: AppContext;
  session: Session;
  def: TableDef;
  docs: Doc[];
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

export interface QueryContext extends ReadContext {
  /** The named parameters given, by name. */
  params: Doc;
  /** The answer, `{count, list, next}`; a hook may add keys. */
  result: { count?: number; list: Doc[]; [extra: string]: unknown };
}

/** Behaviour a domain adds to one table, beyond what its schema says. */
export interface TableHooks {
  /** Named parameters accepted by `POST /api/tbl/<table>/query` (and option lookups) besides the fields. */
  filters?: Record<string, QueryParam>;
  /** Adds to a query's answer (after `afterRead` ran on its rows). */
  afterQuery?(x: QueryContext): Promise<void> | void;
  /** Checks or completes a document before it is written; throw an ApiError to refuse. */
  beforeSave?(x: SaveContext): Promise<void> | void;
  afterSave?(x: SaveContext): Promise<void> | void;
  beforeDelete?(x: DeleteContext): Promise<void> | void;
  /** Adds what the table does not store (fields with `x-storage: none`) to documents read. */
  afterRead?(x: ReadContext): Promise<void> | void;
}

export interface OptionItem {
  value: string;
  label: string;
  [extra: string]: unknown;
}

/**
 * A named option lookup (`x-options`) served by `POST /api/opts/<name>`. `params`, when declared, is
 * the JSON Schema its parameters are checked against before it runs (400 on each bad one).
 * @example const userViews: OptionProvider = async ({ params }) => …; userViews.params = { type: 'object', properties: { unitId: { type: 'string', format: 'uuid' } } };
 */
export type OptionProvider = ((x: { em: Em; ctx: AppContext; session: Session; params: Doc }) => Promise<unknown>) & { params?: JsonSchema };

/** What a domain module (catalogues, cases, reports) plugs into the host. */
export interface DomainModule {
  name: string;
  hooks?: Record<string, TableHooks>;
  options?: Record<string, OptionProvider>;
  /** Routes that need no session (the login page's helpers), registered before the session check. */
  publicRoutes?(app: Hono<Env>, ctx: AppContext): void;
  routes?(app: Hono<Env>, ctx: AppContext): void;
  /** Before migrations run: drop what would block them (views over migrated tables). */
  beforeMigrate?(orm: Orm): Promise<void>;
  /** Once per process after migrations, before the demo seed: create what the module needs. */
  start?(ctx: AppContext): Promise<void>;
  /** Workflow actions on rows of its tables (server/actions): mounted, listed and run by the host. */
  actions?: RowAction[];
  /** Hits it adds to the global search (`POST /api/session/search`). */
  search?: SearchProvider[];
  /**
   * On first start (no workspace yet, `TB_SEED_DEMO` not false): creates its demo data; the module
   * that creates the demo workspace answers its login, which the modules after it receive as
   * `created` (the demo workspace was made on this start).
   */
  seed?(ctx: AppContext, created?: { login: string; password: string }): Promise<{ login: string; password: string } | undefined>;
  /** The demo login `npm start` prints. */
  demoLogin?: { login: string; password: string };
  /** Extra fields of `POST /api/sys/session`. */
  sessionInfo?(x: { em: Em; ctx: AppContext; session: Session }): Promise<Record<string, unknown>>;
}

export class Modules {
  constructor(readonly list: DomainModule[]) {}

  hooks(table: string): TableHooks[] {
    return this.list.map((m) => m.hooks?.[table]).filter((h): h is TableHooks => !!h);
  }

  /** Every module's global-search providers, in module order. */
  searchProviders(): SearchProvider[] {
    return this.list.flatMap((m) => m.search ?? []);
  }

  /** The actions declared on a table, by every module. */
  actions(table: string): RowAction[] {
    return this.list.flatMap((m) => m.actions ?? []).filter((a) => a.table === table);
  }

  /**
   * The named option lookup `name` (`perms-tree`), if a module provides it. Own keys only: a client's
   * `__proto__` or `constructor` is no lookup.
   * @example modules.option('constructor') // undefined
   */
  option(name: string): OptionProvider | undefined {
    for (const m of this.list) if (m.options && Object.hasOwn(m.options, name)) return m.options[name];
    return undefined;
  }

  /**
   * The named query filter `name` of a table (`unit`'s `adminUnitId`), if a module declares one; own
   * keys only, as for `option`.
   * @example modules.filter('unit', 'adminUnitId') // {schema, apply}
   */
  filter(table: string, name: string): QueryParam | undefined {
    for (const h of this.hooks(table)) if (h.filters && Object.hasOwn(h.filters, name)) return h.filters[name];
    return undefined;
  }
}
