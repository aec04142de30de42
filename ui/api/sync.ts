/** Offline-client synchronisation (`/api/offline/client/sync/*`, spec 001 §7). */
import { api } from './client.ts';

/** `id` is NOT_RUNNING, ERROR, SUCCESS (finished) or the id of a running phase. */
export interface SyncStatus {
  id: string;
  title?: string;
}

export const syncStatus = () => api.get<SyncStatus>('/api/offline/client/sync/status');

export const startSync = (password: string) => api.post<unknown>('/api/offline/client/sync/synchronize', { password });
