// The types the host and the domain modules share: who asks (Session), what every handler reaches
// (AppContext), what a module plugs in (DomainModule: table hooks, option lookups, row actions,
// search providers). Types only — no file here runs code — so every server file may import it
// without making an import circle.
import type { Context, Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from './db/kysely.ts';
import type { Schemas } from '../engine/generated/index.ts';
import type { HistoryDetail } from '../engine/history-detail.ts';
import type { Lang } from '../engine/i18n.ts';
import type { Registry } from '../engine/registry.ts';
import type { JsonSchema, TableDef } from '../engine/types.ts';
import type { Validators } from '../engine/validate.ts';
import type { ServerConfig } from './config.ts';
import type { Em, Orm } from './db/orm.ts';
import type { Modules } from './modules.ts';
import type { Metrics } from './metrics/metrics.ts';

/** A document: a row as the API reads and writes it (field keys, nested objects, child arrays). */
export type Doc = Record<string, any>;

/** The id of a declared schema (a table or a form), whose documents have a generated type (`engine/generated/`). */
export type SchemaName = keyof Schemas;

/** What every stored row carries besides its declared fields. */
export interface Stored {
  id: string;
  version: number;
  updatedAt: string;
}

/**
 * A stored row of a table read whole: its declared fields (the generated type) and the system ones.
 * @example const row: Row<Tbcase> = await store.read(id) as Row<Tbcase>;
 */
export type Row<T extends object = Doc> = T & Stored;

/** Who is asking: loaded from the session row on every request. */
export interface Session {
  sessionId: string;
  userId: string;
  userLogin: string;
  userName: string;
  userwsId: string | null;
  workspaceId: string;
  workspaceName: string;
  patientNameComposition: string | null;
  /** Administrator of the session's workspace: every workspace permission there. */
  administrator: boolean;
  /** System administrator (`sysuser.sysadmin`): also the system-wide permissions (engine/system-permissions.ts). */
  sysadmin: boolean;
  permissions: Set<string>;
  unitId: string | null;
  unitName: string | null;
  adminUnitId: string | null;
  /** The name of the area of the user's unit. */
  adminUnitName: string | null;
  view: string | null;
  playOtherUnits: boolean;
  /**
   * The settings require the user licence agreement and this user has not accepted it yet: only
   * the session, the acceptance, the language and logout answer (see `requireSession`).
   */
  ulaPending: boolean;
  lang: Lang;
  /** The zone of the user's "today" (`server/http/time-zone.ts`): the workspace's, else the browser's; unset: UTC. */
  timeZone?: string;
  /** The workspace's time-zone setting (empty: each browser's own). */
  workspaceTimeZone?: string | null;
  /** Opened by an offline client's synchronisation key (server/auth/sync-key.ts), not by a login: `/api/sync/*` only. */
  viaSyncToken?: boolean;
  /** When the user acted, if not now: an offline client's change applied later (the history entry's time). */
  actedAt?: Date;
  /** Where the change comes from when nobody typed it (an import's file and row): the text of each history entry it writes. */
  origin?: string;
}

/** What every handler can reach: built once per server process, holds no per-user state. */
export interface AppContext {
  registry: Registry;
  /** The folder the registry was read from (declarations beside the tables: `reports/who/` forms). */
  schemasDir: string;
  orm: Orm;
  /** The connection analytic reads use (`DATABASE_READ_URL`, a replica), else the primary `orm`: see `db/read.ts`. Never written through. */
  readOrm: Orm;
  config: ServerConfig;
  validators: Validators;
  modules: Modules;
  /** Brief memo of users' identities (`auth/session-cache.ts`). */
  identities: IdentityMemo;
  /** This process's Prometheus metrics (`server/metrics/`). */
  metrics: Metrics;
  lifecycle: Lifecycle;
  /** This process's background job runner (`server/jobs/`): kinds registered by the modules, jobs queued by anyone. */
  jobs: JobQueue;
}

/** What a request carries besides its own data: the session, the language and the id its log lines and error log row share. */
export type Env = { Variables: { session: Session; lang: Lang; requestId: string } };

/** Who a session's user is in its workspace: everything of a Session but the session itself. */
export type Identity = Omit<Session, 'sessionId' | 'lang' | 'timeZone'>;

/** A brief memo of identities by key, cleared after a change of users (`auth/session-cache.ts`). */
export interface IdentityMemo {
  get(key: string): Identity | undefined;
  set(key: string, identity: Identity): void;
  clear(): void;
}

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
  /**
   * Its table hooks: one set, or several run in the order listed (a table named by two sets gets both,
   * each hook of the first before the second's — never an object spread, which keeps only the last).
   */
  hooks?: ModuleHooks | ModuleHooks[];
  /**
   * Hooks given by what the schemas declare (the exam tables feeding a case's derived columns), made
   * once when the host starts and run after the module's `hooks`.
   * @example hooksFromSchemas: (registry) => Object.fromEntries(derivedSources(registry).map((t) => [t, derivedHooks]))
   */
  hooksFromSchemas?(registry: Registry): ModuleHooks | ModuleHooks[];
  options?: Record<string, OptionProvider>;
  /** Routes that need no session (the login page's helpers), registered before the session check. */
  publicRoutes?(app: Hono<Env>, ctx: AppContext): void;
  /** Routes not yet declared (listed by hand in server/http/route-permissions.ts); new routes go in `api`. */
  routes?(app: Hono<Env>, ctx: AppContext): void;
  /**
   * Its declared routes (`defineRoute`, server/http/define-route.ts): the host mounts them (the public
   * ones before the session check), checks their rule and body, and lists them (the permission table,
   * `/api/openapi.json`).
   */
  api?(ctx: AppContext): DeclaredRoute[];
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
  /** The demo users `npm start` prints, after those of the modules before (the drug supply adds its pharmacist). */
  demoLogins?: DemoLogin[];
  /** Extra fields of `POST /api/sys/session`. */
  sessionInfo?(x: { em: Em; ctx: AppContext; session: Session }): Promise<Record<string, unknown>>;
  /** Its checks in the readiness answer (`GET /api/health/ready`, server/ops/health.ts): the tag sandbox's role. */
  health?(ctx: AppContext): Promise<Record<string, HealthCheck>>;
}

/** One check of the readiness answer. `fatal`: the process must not be sent requests while it fails. */
export interface HealthCheck {
  ok: boolean;
  fatal?: boolean;
  detail?: string;
  [measure: string]: unknown;
}

/** What a server process is doing besides answering: the migrations it knows, and whether it is stopping. */
export interface Lifecycle {
  /** The migration names this build carries (server/db/migrations), to compare with the database's. */
  migrations: string[];
  /** Set once it began to stop (SIGTERM): readiness answers 503, new requests are refused with 503. */
  stopping: boolean;
}

/** A demo user as `npm start` prints it: the login, its password and who it is. */
export interface DemoLogin {
  login: string;
  password: string;
  who: string;
}

export interface SearchHit {
  id: string;
  type: 'WORKSPACE' | 'ADMINUNIT' | 'TBUNIT' | 'LAB' | 'CASE_MAN' | 'CASE_WOMAN';
  title: string;
  subtitle?: string | null;
}

/** The key as typed (trimmed) and as an escaped `%…%` pattern for `ilike`. */
export interface SearchKey {
  text: string;
  like: string;
}

/** One source of global-search hits; domain modules may add theirs. */
export type SearchProvider = (em: Em, s: Session, key: SearchKey, limit: number, ctx: AppContext) => Promise<SearchHit[]>;

/** What an action's guard and change see: the row, read and locked inside the action's transaction. */
export interface ActionContext<T extends object = Doc> {
  em: Em;
  ctx: AppContext;
  session: Session;
  def: TableDef;
  id: string;
  /** The row as the API reads it (after the table's `afterRead` hooks). */
  row: Row<T>;
}

/**
 * Why an action is not allowed now: an i18n key (answered 400), or one with its status (a 403 for
 * a refusal that is about who asks rather than the row's state).
 */
export type Refusal = string | { msg: string; status: 400 | 403 | 404 | 409 };

/** What an action changes: a patch of the row (written by the table writer: diff and history), or the row deleted. */
export interface ActionChange<T extends object = Doc> {
  /** Checked against the table's schema by the writer, with the rest of the row. */
  patch?: Partial<T>;
  /** Delete the row (through the table writer: its hooks, sub-records, tombstone; the history entry carries the action's name). */
  delete?: boolean;
  /** Extra lines for the history entry (never a secret). */
  items?: HistoryDetail['items'];
  /** What the call answers besides `success` (`{success: true, result}`): a new row's id, a new version. */
  result?: unknown;
}

/**
 * Another path of an action (the spec's own paths: `GET /api/cases/case/validate/{id}`, `POST
 * /api/cases/case/close {tbcaseId, …}`): the same run as `POST /api/tbl/<table>/<id>/action/<name>`.
 * The row is named by the path's `:id`, else by the body's `idField`; the input is the body (without
 * `idField`), or its `inputField` (`{doc, tbcaseId}`). Mounted as declared routes of rule `actionRoute` (server/actions/routes.ts).
 * @example { method: 'POST', path: '/api/cases/case/close', idField: 'tbcaseId' }
 */
export interface ActionRoute {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  idField?: string;
  /** What the spec calls the path's `:id` (`caseId`): the field a bad or unknown id is refused on. */
  idName?: string;
  inputField?: string;
}

/**
 * A workflow action a domain module declares on the rows of a table (`DomainModule.actions`). The
 * host mounts `POST /api/tbl/<table>/<id>/action/<name>` and lists it in
 * `GET /api/tbl/<table>/<id>/actions`; a run is one transaction: the row locked, the permission,
 * the guard, the input checked by ajv against `input`, then `apply`'s patch written through the
 * table writer, whose history entry carries the action's name (command type `<table>.<name>`).
 *
 * @example
 * const block: ActionOn<'userws'> = {
 *   table: 'userws', name: 'block', permission: 'USERS_EDT',
 *   guard: ({ row }) => (row.active === false ? 'userws.alreadyBlocked' : undefined),
 *   apply: () => ({ patch: { active: false } }),
 * };
 */
export interface RowAction<T extends object = Doc, I extends object = Doc> {
  table: string;
  /** `[a-z][a-zA-Z0-9]*`: the route segment and the history entry's action. */
  name: string;
  /** Who may run it (and see it enabled); a guard may ask more of a particular row (a 403 refusal). */
  permission: string;
  /**
   * The action writes other rows (through the table writer: each its own history entry) and never
   * the row it runs on, which it only locks and guards — a treatment's prescription added to its
   * case: no entry of its own, and no command type.
   */
  rowUnchanged?: true;
  /**
   * Runs on a row the user may read but not change: the unit a transferring case leaves only sees
   * it (`x-table.scope.alsoUnit`), and undoing the transfer is its. The guard decides who may.
   */
  onReadableRow?: true;
  /** Other paths that run it (aliases: the spec's paths), mounted by the host. */
  routes?: ActionRoute[];
  /** JSON Schema of the body (an object; titles are i18n keys, errors name them). None: `{}`. */
  input?: JsonSchema;
  /**
   * Instead of `input`: the name of a form-only schema file (`schemas/forms/case_close.json`) that declares
   * the body — ajv checks it (its `x-visible` hidden values dropped first) and the dialog renders the
   * same file (`POST /api/tbl/<form>/form`).
   * @example form: 'case_close'
   */
  form?: string;
  /** `undefined` when the action is allowed on this row now, else why not. Runs for the list too. */
  guard?(x: ActionContext<T>): Promise<Refusal | undefined> | Refusal | undefined;
  /** The change, inside the transaction; may do more (send a mail) and throw an ApiError to refuse. */
  apply(x: ActionContext<T> & { input: I }): Promise<ActionChange<T> | void> | ActionChange<T> | void;
}

/**
 * An action on the rows of table `K`, typed by its generated type, with input `I` (a form's
 * generated type, e.g. `CaseClose`, checked by ajv before `apply`).
 * @example export const closeCase: ActionOn<'tbcase', CaseClose> = { table: 'tbcase', name: 'close', … };
 */
export type ActionOn<K extends SchemaName, I extends object = Doc> = RowAction<Schemas[K], I> & { table: K };

// --- background jobs (server/jobs/): a row of the table `job`, the kinds modules declare, the runner's face ---

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface Job {
  id: string;
  kind: string;
  state: JobState;
  workspaceId: string | null;
  params: Record<string, unknown>;
  dedupeKey: string | null;
  done: number;
  total: number | null;
  cursor: Record<string, unknown> | null;
  attempts: number;
  error: string | null;
  userId: string | null;
  lockedBy: string | null;
  lockedUntil: string | null;
  heartbeatAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
}

/** What a caller asks for. */
export interface NewJob {
  kind: string;
  params?: Record<string, unknown>;
  workspaceId?: string | null;
  userId?: string | null;
  /** At most one job with this key, ever (a second enqueue answers the first's id). */
  dedupeKey?: string;
}

/**
 * What a kind of background job declares to the runner (server/jobs/runner.ts): its name and how it
 * does one batch. The runner gives each batch a transaction of its own, in which the job's row is
 * locked and its cursor and progress written with the batch's work — so a batch is done once or not
 * at all, whatever process runs it and whenever one dies.
 */
/** One batch's call: the app, the batch's transaction, the job as its row stands (cursor, params, progress). */
export interface JobBatch {
  ctx: AppContext;
  em: Em;
  job: Job;
}

/** What a batch did: where the next one starts, how many units it did, and whether nothing is left. */
export interface BatchResult {
  cursor: unknown;
  did: number;
  finished: boolean;
}

/**
 * A kind of job.
 * @example
 * const kind: JobKind = {
 *   kind: 'analytic.refill',
 *   total: async ({ em }) => countCases(em),
 *   batch: async ({ em, job }) => { const last = await refillAfter(em, job.cursor?.after); return { cursor: { after: last }, did: n, finished: !last }; },
 * };
 */
export interface JobKind {
  /** Its name (`job.kind`): `<area>.<what>`. */
  kind: string;
  /** How many units the whole job has (progress), asked in the first batch's transaction; none: unknown. */
  total?(x: JobBatch): Promise<number | null>;
  /** Does the batch after `x.job.cursor` in `x.em`'s transaction. Throwing rolls it back and fails the job (retry resumes here). */
  batch(x: JobBatch): Promise<BatchResult>;
}

/** This process's job runner as the modules and routes use it (`ctx.jobs`, server/jobs/runner.ts). */
export interface JobQueue {
  /** This process's name in `job.locked_by`. */
  readonly owner: string;
  /** A module declares a kind (at its `start`); only processes knowing a kind claim its jobs. */
  register(kind: JobKind): void;
  /** Queues a job (with a `dedupeKey` already used: nothing, the first's id) and looks for work at once; `db`: in that transaction. */
  enqueue(job: NewJob, db?: Kysely<Database>): Promise<{ id: string; created: boolean }>;
  /** Looks for work now. */
  wake(): void;
  /** Starts looking for work (the host, once the modules started). */
  start(ctx: AppContext): void;
  /** Stops at the batch boundary, queuing the job in hand again; resolves once done. */
  stop(): Promise<void>;
  /** Counts the jobs by state for `tb_jobs` (every 10 s, or now). */
  countStates(now?: boolean): Promise<void>;
}
/**
 * Who may call a route. The host checks `public`, `session` and `permission` before the handler
 * (`mountRoutes`); the table-shaped rules depend on the path's `:table` or `:name`, and their runners
 * check them (`tableFor`, `formSchemaFor`, the option and action runners) — the declaration is the
 * promise `tests/api/authz-matrix.test.ts` holds them to.
 */
export type RouteRule =
  /** No session needed (login, the login page's helpers). */
  | { kind: 'public' }
  /** Any session of the workspace, whatever its permissions (the user's own things). */
  | { kind: 'session' }
  /** A session holding one of these permissions (system-wide ones only with the system administrator role). */
  | { kind: 'permission'; anyOf: string[] }
  /**
   * The `:table`'s own rule (`x-table.permission`): `read` — the permission, or none when the table
   * says `read: "any"`; `write` — what `x-table.write` names for the operation (create, update, delete), else
   * `<permission>_EDT`; `form` — as `read`, or for a form-only schema
   * its `x-form.permission`. Rows of another workspace are 404.
   */
  | { kind: 'table'; access: 'read' | 'write' | 'form' }
  /** `engine/option-access.ts` (`canReadOptions`); a named lookup no schema references guards itself. */
  | { kind: 'options' }
  /** Reading the `:table` and the declared action's own `permission` (`server/actions`). */
  | { kind: 'action' }
  /** Another path of a declared action (`RowAction.routes`, e.g. `GET /api/cases/case/validate/{id}`): as `action`, for that action's table. */
  | { kind: 'actionRoute' }
  /** A composed form's save: its `x-form.permission` and `<permission>_EDT` of every part's table (`server/tbl/form-save.ts`). */
  | { kind: 'formSave' };

/** A body or answer schema: a JSON Schema literal, or the id of a file in `schemas/forms/` (`'stock_adjust'`). */
export type RouteSchema = JsonSchema | string;

/** What a declared route's handler receives beside Hono's context. */
export interface RouteCall<B> {
  ctx: AppContext;
  /** The body, checked against the declared `body` schema (a form file's hidden fields dropped); `{}` without one. */
  body: B;
}

/** A route as its module declares it: the host mounts, checks and lists it (server/http/mount-routes.ts, `/api/openapi.json`); declared with `defineRoute` (server/http/define-route.ts). */
export interface DeclaredRoute<B = Record<string, any>, P extends string = string> {
  method: 'GET' | 'POST' | 'DELETE';
  /** Hono's pattern: `/api/stock/unit/:unitId`. */
  path: P;
  rule: RouteRule;
  /** One line for the API reference (English). */
  summary: string;
  /** The JSON body, checked before the handler runs (400 `{errors: [{field, msg}]}` on each bad field). */
  body?: RouteSchema;
  /**
   * `runner`: the body is documented here but checked by what the handler runs (an action's run checks
   * its input, with its date bounds); the host then leaves it to the handler. Default `host`.
   */
  bodyCheckedBy?: 'host' | 'runner';
  /** A request body that passes `body` (the OpenAPI document's example; `tests/api/openapi.test.ts` checks it validates). */
  example?: Record<string, unknown>;
  /** What a success answers (documentation; not checked at run time). */
  answer?: RouteSchema;
  handler(c: Context<Env, P>, call: RouteCall<B>): Response | Promise<Response>;
}

