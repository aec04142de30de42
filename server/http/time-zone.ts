import { isTimeZone, todayIn } from '../../engine/dates.ts';

/**
 * The time zone of a request's "today": the workspace's setting (`workspace.timeZone`), else the
 * browser's, which the UI sends as `X-Time-Zone`, else UTC. A zone the runtime does not know is none.
 * @example sessionTimeZone('', 'Asia/Tashkent') // 'Asia/Tashkent'
 */
export function sessionTimeZone(workspaceZone: string | null | undefined, header: string | undefined): string {
  return isTimeZone(workspaceZone) ? workspaceZone : isTimeZone(header) ? header : 'UTC';
}

/**
 * Today (`YYYY-MM-DD`) for the session's user: in its time zone, not the server's.
 * @example todayOf(session) // '2026-11-26' at 02:00 in Tashkent, while UTC still says the 25th
 */
export const todayOf = (s: { timeZone?: string }, now: Date = new Date()): string => todayIn(s.timeZone, now);
