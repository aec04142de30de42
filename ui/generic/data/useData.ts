/**
 * The one way a screen reads data from the server: loads when the screen opens and again whenever
 * one of `deps` changes, and gives `{data, error, loading, refetch}`.
 *
 * - Each request gets an `AbortSignal`: pass it on to the API helper, so a request that is no longer
 *   wanted is cancelled — when `deps` change (another page, filter, id) and when the screen is left.
 * - The last request wins: an earlier answer that arrives late is dropped (see `latestRequest.ts`).
 * - While it reloads, the data read before stays on screen (`loading` is true meanwhile).
 * - A failure gives `error`, the envelope's `{errors: [{field, msg}]}` messages translated and joined
 *   with '; ' (a network failure: `ui.msg.offline`), `errors` as they came and the HTTP `status`
 *   (0 without an answer); `data` is then undefined.
 * - `refetch()` asks again with the same `deps` (after a write); it resolves when the answer is shown.
 * - `setData` replaces the data shown (a saved document the server sent back) without a request.
 * - `enabled: false` asks nothing (an id not chosen yet, a dialog closed) and cancels what was asked:
 *   `loading` is false, what was read before stays.
 * - `poll` asks again by itself that long (ms) after each answer — a fixed wait, or a rule on the
 *   data read (`(jobs) => (jobs?.some(running) ? 2000 : false)`: see `poll.ts`); the wait starts
 *   again after a `refetch()`, and stops when `deps` change, `enabled` turns false or the screen is left.
 * - `delayMs` waits that long before asking when `deps` change (a search as the user types): a change
 *   within the wait aborts it, so only the last key is asked, once the typing pauses (`delay.ts`);
 *   `loading` is true while it waits. A `refetch()` asks at once.
 * - `keepPrevious: false` shows nothing of what was read for other `deps` (another item's form in a
 *   dialog opened for this one): `data` is undefined until this key's answer comes; a `refetch()`
 *   still keeps the data on screen.
 *
 * @example
 *   const { data: rows, error, loading, refetch } = useData((signal) => tableApi.query('source', { page }, signal), [page]);
 *   const remove = async (id: string) => (await tableApi.remove('source', id), await refetch());
 *   if (error) return <Alert type="error" message={error} />;
 */
import { useCallback, useEffect, useMemo, useState, type DependencyList, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorsOf, type FieldError } from '../../api/index.ts';
import { useLatest } from './useLatest.ts';
import { nextPoll, type Poll } from './poll.ts';
import { delay } from './delay.ts';

export interface DataState<T> {
  data: T | undefined;
  /** The failure's messages, translated and joined; null when the last request succeeded. */
  error: string | null;
  errors: FieldError[];
  /** The HTTP status of the failure (0: no answer); undefined without one. */
  status?: number;
  loading: boolean;
  refetch: () => Promise<void>;
  setData: Dispatch<SetStateAction<T | undefined>>;
}

interface Read<T> {
  /** The `deps` it was read for (their token). */
  key?: object;
  data: T | undefined;
  errors: FieldError[];
  status?: number;
}

/** What a screen shows before its key's answer came (`keepPrevious: false`). */
const NOTHING_READ: Read<never> = { data: undefined, errors: [] };

export function useData<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  options: { enabled?: boolean; keepPrevious?: boolean; poll?: Poll<T>; delayMs?: number } = {},
): DataState<T> {
  const enabled = options.enabled ?? true;
  const keepPrevious = options.keepPrevious ?? true;
  // a new token whenever `deps` change: what was read is tagged with the token it was read for
  const key = useMemo(() => ({}), deps);
  const { t } = useTranslation();
  const latest = useLatest();
  const [read, setRead] = useState<Read<T>>({ data: undefined, errors: [] });
  const [loading, setLoading] = useState(enabled);

  const ask = useCallback((waitMs = 0) => {
    setLoading(true);
    const asked = waitMs > 0 ? (signal: AbortSignal) => delay(waitMs, signal).then(() => load(signal)) : load;
    return latest.ask(asked, (o) => {
      if (o.ok) setRead({ key, data: o.data, errors: [] });
      else setRead({ key, data: undefined, errors: errorsOf(o.error), status: o.error instanceof ApiError ? o.error.status : 0 });
      setLoading(false);
    });
    // `load` is a new function on each render: `deps` say when it asks for something else
  }, [latest, key]);

  useEffect(() => {
    if (enabled) void ask(options.delayMs);
    else {
      latest.drop();
      setLoading(false);
    }
    return () => latest.drop();
  }, [ask, enabled, latest]);

  // what was read for these deps (or before them, unless `keepPrevious: false`)
  const shown: Read<T> = keepPrevious || read.key === key ? read : NOTHING_READ;
  // the next poll, counted from the last answer (a new `read` each time, even an equal one)
  const pollIn = enabled && !loading ? nextPoll(options.poll, shown.data) : null;
  useEffect(() => {
    if (pollIn === null) return;
    const timer = setTimeout(() => void ask(), pollIn);
    return () => clearTimeout(timer);
  }, [read, pollIn, ask]);

  const setData = useCallback<Dispatch<SetStateAction<T | undefined>>>(
    (next) => setRead((r) => ({ key, data: typeof next === 'function' ? (next as (v: T | undefined) => T | undefined)(r.data) : next, errors: [] })),
    [key],
  );
  const refetch = useCallback(() => (enabled ? ask() : Promise.resolve()), [ask, enabled]);
  const error = shown.errors.length ? shown.errors.map((e) => t(e.msg)).join('; ') : null;
  return { data: shown.data, error, errors: shown.errors, status: shown.status, loading, refetch, setData };
}
