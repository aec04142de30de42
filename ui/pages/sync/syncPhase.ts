/** The phase of the sync page from a status id (spec 001 §2.8, §4). */
export type SyncPhase = 'checking' | 'notRunning' | 'running' | 'success' | 'error';

const FINISHED = new Set(['SUCCESS', 'FINISHED', 'DONE', 'COMPLETED']);

export function phaseOf(id: string | undefined): SyncPhase {
  if (!id) return 'checking';
  if (id === 'NOT_RUNNING') return 'notRunning';
  if (id === 'ERROR') return 'error';
  if (FINISHED.has(id)) return 'success';
  return 'running';
}

/** Status poll interval while a synchronisation runs. */
export const SYNC_POLL_MS = 800;
