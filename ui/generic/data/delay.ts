/**
 * Waits `ms` before a request, unless `signal` aborts first: then it rejects with an `AbortError`
 * and the request is never made. `useData`'s `delayMs` (a search as the user types: each key
 * pressed aborts the wait before, so only the text typed last is asked, once the typing pauses).
 *
 * @example
 *   await delay(250, signal); // rejects at once if a newer request aborted this one
 *   return sysApi.search(text, 10, signal);
 */
export function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = () => reject(new DOMException('The wait was aborted.', 'AbortError'));
    if (signal.aborted) return aborted();
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      aborted();
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}
