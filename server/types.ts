// The types the host and the domain modules share: who asks (Session), what every handler reaches
// (AppContext), what a module plugs in (DomainModule: table hooks, option lookups, row actions,
// search providers). The hooks', actions', jobs' and routes' types are in `hook-types.ts`,
// `action-types.ts`, `job-types.ts` and `route-types.ts` beside it (one idea a file), re-exported
// here so a module imports every shared type from this one file. Types only — no file here runs
// code — so every server file may import it without making an import circle.
import type { Hono } from 'hono';
import type { Schemas } from '../engine/generated/index.ts';
import type { Lang } from '../engine/i18n.ts';
import type { Registry } from '../engine/registry.ts';
import type { JsonSchema } from '../engine/types.ts';
import type { Validators } from '../engine/validate.ts';
import type { ServerConfig } from './config.ts';
import type { Em, Orm } from './db/orm.ts';
import type { Modules } from './modules.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { ModuleHooks } from './hook-types.ts';
import type { RowAction } from './action-types.ts';
import type { JobQueue } from './job-types.ts';
import type { DeclaredRoute } from './route-types.ts';

export type * from './hook-types.ts';
export type * from './action-types.ts';
export type * from './job-types.ts';
export type * from './route-types.ts';

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
export type Env = { Variables: { session: Session; lang: Lang; requestId: string; /** The session cookie, read once (`sessionToken`); null: none. */ sessionToken: string | null } };

/** Who a session's user is in its workspace: everything of a Session but the session itself. */
export type Identity = Omit<Session, 'sessionId' | 'lang' | 'timeZone'>;

/** A brief memo of identities by key, cleared after a change of users (`auth/session-cache.ts`). */
export interface IdentityMemo {
  get(key: string): Identity | undefined;
  set(key: string, identity: Identity): void;
  clear(): void;
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
