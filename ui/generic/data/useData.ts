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
 *
 * @example
 *   const { data: rows, error, loading, refetch } = useData((signal) => tableApi.query('source', { page }, signal), [page]);
 *   const remove = async (id: string) => (await tableApi.remove('source', id), await refetch());
 *   if (error) return <Alert type="error" message={error} />;
 */
import { useCallback, useEffect, useState, type DependencyList, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorsOf, type FieldError } from '../../api/index.ts';
import { useLatest } from './useLatest.ts';

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
  data: T | undefined;
  errors: FieldError[];
  status?: number;
}

export function useData<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList, options: { enabled?: boolean } = {}): DataState<T> {
  const enabled = options.enabled ?? true;
  const { t } = useTranslation();
  const latest = useLatest();
  const [read, setRead] = useState<Read<T>>({ data: undefined, errors: [] });
  const [loading, setLoading] = useState(enabled);

  const ask = useCallback(() => {
    setLoading(true);
    return latest.ask(load, (o) => {
      if (o.ok) setRead({ data: o.data, errors: [] });
      else setRead({ data: undefined, errors: errorsOf(o.error), status: o.error instanceof ApiError ? o.error.status : 0 });
      setLoading(false);
    });
    // `load` is a new function on each render: `deps` say when it asks for something else
  }, [latest, ...deps]);

  useEffect(() => {
    if (enabled) void ask();
    else {
      latest.drop();
      setLoading(false);
    }
    return () => latest.drop();
  }, [ask, enabled, latest]);

  const setData = useCallback<Dispatch<SetStateAction<T | undefined>>>(
    (next) => setRead((r) => ({ data: typeof next === 'function' ? (next as (v: T | undefined) => T | undefined)(r.data) : next, errors: [] })),
    [],
  );
  const refetch = useCallback(() => (enabled ? ask() : Promise.resolve()), [ask, enabled]);
  const error = read.errors.length ? read.errors.map((e) => t(e.msg)).join('; ') : null;
  return { data: read.data, error, errors: read.errors, status: read.status, loading, refetch, setData };
}
