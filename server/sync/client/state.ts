/**
 * The offline client's state, one `syncclient` row (schemas/tables/syncclient.json): the server and unit it
 * was initialised from, and the synchronisation's phase with its counts, the feed position and the
 * local changes acknowledged. Written through the writer's system door, so it lives in the database
 * and a restart of the client finds it as it was.
 */
import { kysely } from '../../db/kysely.ts';
import type { Em } from '../../db/orm.ts';
import { systemSession } from '../../auth/system-session.ts';
import { rowToDoc } from '../../tbl/rows.ts';
import { systemInsert, systemUpdate } from '../../tbl/system-write.ts';
import type { AppContext, Doc } from '../../types.ts';
import type { ConflictView } from '../conflicts.ts';
import type { RejectedChangeView } from '../../../engine/sync-views.ts';

/** The phases of a synchronisation (the status ids of `GET /api/offline/client/sync/status`). */
export type SyncPhase = 'NOT_RUNNING' | 'SENDING' | 'APPLYING_ON_SERVER' | 'RECEIVING' | 'APPLYING_LOCALLY' | 'ERROR';

/** What a synchronisation counted. */
export interface SyncCounts {
  sent?: number;
  applied?: number;
  merged?: number;
  conflict?: number;
  rejected?: number;
  received?: number;
  appliedLocally?: number;
  removedLocally?: number;
  /** The phase's progress: done of total (total unknown while receiving). */
  done?: number;
  total?: number;
}

/**
 * A local change the server refused, kept with its reason (and what it sent) until a user fixes the
 * row — edits it: the next synchronisation sends the change again with the edit folded in — or
 * discards it (server/sync/client/rejected.ts).
 */
export interface RejectedChange extends RejectedChangeView {
  baseVersion?: number;
  data?: Doc;
  userId?: string;
}

export interface ClientState {
  id: string;
  workspaceId: string;
  serverUrl: string;
  unitId: string;
  phase: SyncPhase;
  counts: SyncCounts;
  error?: string | null;
  feedPosition?: string | null;
  localSeq: number;
  sendUpTo?: number | null;
  rejected: RejectedChange[];
  /** The conflicts of the unit's cases as the server listed them at the last synchronisation (server/sync/client/conflicts.ts). */
  conflicts?: ConflictView[] | null;
  lastSyncAt?: string | null;
  /** The server's synchronisation key of the last synchronisation a user started with their password (server/sync/token.ts): the automatic one's credential. */
  syncToken?: string | null;
  /** The login of the user that key acts as. */
  syncTokenUser?: string | null;
  /** The automatic synchronisation's last run and last skip (server/sync/client/auto.ts). */
  autoSync?: AutoSyncNote | null;
}

/** What the sync page tells of the automatic synchronisation. */
export interface AutoSyncNote {
  /** When it last ran, how it ended (`ok`, `error`), and the error. */
  lastRunAt?: string;
  lastResult?: 'ok' | 'error';
  lastError?: string;
  /** When it last let a due run pass, and why: `editing` (a form with unsaved input), `noKey` (no key yet), `keyRefused` (the server refused the key). */
  skippedAt?: string;
  skippedReason?: 'editing' | 'noKey' | 'keyRefused';
}

/**
 * The client's state, or undefined before its initialisation.
 * @example (await readState(em, ctx))?.phase // 'NOT_RUNNING'
 */
export async function readState(em: Em, ctx: AppContext): Promise<ClientState | undefined> {
  const row = await kysely(em).selectFrom('syncclient').selectAll().executeTakeFirst();
  if (!row) return undefined;
  const doc = rowToDoc(ctx.registry.table('syncclient').fields, row, { hidden: true });
  return { counts: {}, rejected: [], localSeq: 0, ...doc, id: String(row.id), workspaceId: String(row.workspace_id) } as unknown as ClientState;
}

const sessionOf = (workspaceId: string) => systemSession(workspaceId, '');

/**
 * Makes the client's state row at its initialisation.
 * @example await createState(em, ctx, workspaceId, { serverUrl, unitId, phase: 'NOT_RUNNING', localSeq: 0 })
 */
export async function createState(em: Em, ctx: AppContext, workspaceId: string, values: Doc): Promise<void> {
  await systemInsert({ em, ctx, session: sessionOf(workspaceId) }, 'syncclient', crypto.randomUUID(), values, 'derived');
}

/**
 * Changes the client's state (in `em`'s transaction: a phase's result and its position commit together).
 * @example await updateState(em, ctx, state, { phase: 'RECEIVING', counts })
 */
export async function updateState(em: Em, ctx: AppContext, state: ClientState, values: Partial<ClientState>): Promise<void> {
  await systemUpdate({ em, ctx, session: sessionOf(state.workspaceId) }, 'syncclient', state.id, values as Doc, 'derived');
  Object.assign(state, values);
}
