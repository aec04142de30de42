import type { Lang } from '../../engine/i18n.ts';
import type { Registry } from '../../engine/registry.ts';
import type { Validators } from '../../engine/validate.ts';
import type { ServerConfig } from '../config.ts';
import type { Orm } from '../db/orm.ts';
import type { Modules } from '../modules.ts';
import type { IdentityCache } from '../auth/session-cache.ts';

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
}

/** What every handler can reach: built once per server process, holds no per-user state. */
export interface AppContext {
  registry: Registry;
  orm: Orm;
  config: ServerConfig;
  validators: Validators;
  modules: Modules;
  /** Brief memo of users' identities; see IdentityCache. */
  identities: IdentityCache;
}

export type Env = { Variables: { session: Session; lang: Lang } };
