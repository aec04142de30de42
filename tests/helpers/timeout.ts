/**
 * `p`, or a failure naming `what` once `ms` have passed: a wait in set-up or clean-up that hangs says
 * what hung, where a hook's own timeout says only that it timed out.
 * @example await withTimeout(server.close(), 60_000, 'closing the server');
 */
export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<never>((_, fail) => { timer = setTimeout(() => fail(new Error(`${what} timed out after ${ms / 1000} s`)), ms); })])
    .finally(() => clearTimeout(timer));
}
