/** Offline-client synchronisation (`/api/offline/client/sync/*`). */
import { api } from './client.ts';
import type { RejectedChangeView, SyncConflict, UnsentChange } from '../../engine/sync-views.ts';

export type { SyncConflict, UnsentChange };

/** A local change the server refused, kept on the client with its reason. */
export type RejectedChange = RejectedChangeView;

/** `id` is NOT_RUNNING (idle), ERROR (the last one failed: `error`) or the running phase, with its title and counts (server/sync/client/routes.ts). */
export interface SyncStatus {
  id: string;
  title?: string;
  counts?: { sent?: number; applied?: number; merged?: number; conflict?: number; rejected?: number; received?: number; appliedLocally?: number; removedLocally?: number; done?: number; total?: number };
  error?: string;
  rejected?: RejectedChange[];
  lastSyncAt?: string | null;
  /** The automatic synchronisation (server/sync/client/auto.ts): its last run and skip, whose key it uses, its interval. */
  auto?: { lastRunAt?: string; lastResult?: 'ok' | 'error'; lastError?: string; skippedAt?: string; skippedReason?: 'editing' | 'noKey' | 'keyRefused'; keyUser?: string | null; intervalMinutes?: number };
}

/**
 * Tells the client whether a form of this session has unsaved input: its automatic synchronisation waits meanwhile.
 * @example void noteEditing('case-edit', true)
 */
export const noteEditing = (form: string, editing: boolean) => api.post<unknown>('/api/offline/client/sync/editing', { form, editing });

export const syncStatus = (signal?: AbortSignal) => api.get<SyncStatus>('/api/offline/client/sync/status', signal);

/** What the offline client has not yet sent: the count of all, the list of the first 200. */
export const unsentChanges = (signal?: AbortSignal) => api.get<{ count: number; list: UnsentChange[] }>('/api/offline/client/sync/unsent', signal);

export const startSync = (password: string) => api.post<unknown>('/api/offline/client/sync/synchronize', { password });

/** Discards a rejected local change (the password: for a row of the server, whose version is fetched). */
export const discardRejected = (changeId: string, password?: string) =>
  api.post<unknown>(`/api/offline/client/sync/rejected/${changeId}/discard`, password ? { password } : {});

/** The conflicts of a case (its row and its sub-records'). */
export const caseConflicts = (caseId: string, signal?: AbortSignal) => api.get<{ list: SyncConflict[] }>(`/api/sync/conflicts/case/${encodeURIComponent(caseId)}`, signal);

/** "Keep this one": the server's value stays, or the client's is written (on the offline client: on the server, with the user's password). */
export const keepConflictValue = (id: string, keep: 'server' | 'client', password?: string) =>
  api.post<unknown>(`/api/sync/conflicts/${encodeURIComponent(id)}/keep`, password === undefined ? { keep } : { keep, password });

/** The conflicts of every case the reader sees, open or resolved lately (on the offline client: those it kept at its last synchronisation). */
export const recentConflicts = (signal?: AbortSignal) => api.get<{ list: SyncConflict[] }>('/api/sync/conflicts/recent', signal);

/** The workspace's open conflicts, newest first (administrators); `next` pages on. */
export const openConflicts = (after?: string, signal?: AbortSignal) => api.post<{ list: SyncConflict[]; next: string | null }>('/api/sync/conflicts', after ? { after } : {}, signal);

/** An offline client's set-up, before any user exists on it (server/sync/client/init-routes.ts). */
export interface ClientInit {
  clientMode: boolean;
  initialised: boolean;
  running: boolean;
  /** CONNECTING, SLICE, RECEIVING, RELATED, WRITING, DONE, FAILED (null: none run since the client started). */
  phase?: string | null;
  received: number;
  total: number;
  fetched: number;
  resumed?: boolean;
  /** Rows an interrupted set-up had received before this run resumed it. */
  receivedBefore?: number;
  secondsLeft?: number | null;
  error?: string;
  /** A set-up that stopped before its end: it resumes from there. */
  unfinished?: { serverUrl: string; received: number };
}

export const clientInit = (signal?: AbortSignal) => api.get<ClientInit>('/api/offline/client/init', signal);

export const startClientInit = (body: { serverUrl: string; login: string; password: string }) => api.post<unknown>('/api/offline/client/init', body);
