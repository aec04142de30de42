/**
 * When a screen reading through `useData` asks again by itself: `poll` is a fixed wait in
 * milliseconds, or a rule on what was read last (poll while a job runs, stop once it ended);
 * `undefined`, `false` or a wait that is not a positive number: never.
 *
 * @example
 *   nextPoll(2000, rows) // 2000
 *   nextPoll((jobs) => (jobs?.some((j) => j.state === 'running') ? 2000 : false), jobs) // 2000 while one runs, null after
 */
export type Poll<T> = number | false | undefined | ((data: T | undefined) => number | false | undefined);

/** The wait before the next request after an answer whose data is `data`, or null for none. */
export function nextPoll<T>(poll: Poll<T>, data: T | undefined): number | null {
  const ms = typeof poll === 'function' ? poll(data) : poll;
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? ms : null;
}
