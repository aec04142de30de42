/** The phase the sync page shows. */
export type SyncPhase = 'checking' | 'notRunning' | 'running' | 'success' | 'error';

/**
 * The page's phase after a status: the first status (`checking`) goes to the password form when
 * NOT_RUNNING and straight to in progress otherwise; while running, NOT_RUNNING means it finished
 * (success) and ERROR that it failed; any other id is a phase still running.
 * @example nextPhase('checking', 'RECEIVING') // 'running'; nextPhase('running', 'NOT_RUNNING') // 'success'
 */
export function nextPhase(current: SyncPhase, id: string): SyncPhase {
  if (current === 'checking') return id === 'NOT_RUNNING' ? 'notRunning' : 'running';
  if (current !== 'running') return current;
  if (id === 'NOT_RUNNING') return 'success';
  if (id === 'ERROR') return 'error';
  return 'running';
}

/** Status poll interval while a synchronisation runs. */
export const SYNC_POLL_MS = 800;
