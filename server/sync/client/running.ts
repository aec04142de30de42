/**
 * The synchronisations running in this process, by workspace: a restarted client has none (its
 * stored phase then reads as interrupted). Kept apart from run.ts so that what only asks
 * (rejected.ts, routes.ts) does not import the run.
 */
export const running = new Set<string>();

/**
 * Whether a synchronisation of the workspace runs in this process.
 * @example isRunning(state.workspaceId) // false
 */
export const isRunning = (workspaceId: string) => running.has(workspaceId);

/**
 * Whether any synchronisation runs in this process (a client holds one workspace).
 * @example anyRunning() // false
 */
export const anyRunning = () => running.size > 0;
