import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorsOf } from '../api/index.ts';

/**
 * Loads once per change of `deps`: the answer, the error text (translated), and whether it is loading;
 * an answer that arrives after the deps changed is dropped.
 * @example const { data, error } = useRemote(() => placesApi.summary('UNIT', id), [id])
 */
export function useRemote<T>(load: () => Promise<T>, deps: unknown[]): { data: T | undefined; error: string | null; loading: boolean } {
  const { t } = useTranslation();
  const [state, setState] = useState<{ data: T | undefined; error: string | null; loading: boolean }>({ data: undefined, error: null, loading: true });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (err) => live && setState({ data: undefined, error: errorsOf(err).map((e) => t(e.msg)).join('; '), loading: false }),
    );
    return () => {
      live = false;
    };
  }, deps);
  return state;
}
