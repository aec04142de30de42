/**
 * Data the user asks for by a click (a report's 'Обновить' with its filter, another day on a
 * calendar), read through {@link useData}: `ask(load)` replaces the request — the one before is
 * cancelled and its late answer never shown — and `first` is asked when the screen opens. Asking
 * the same again (the same filter twice) reads again. `loading`, `error`/`errors` and `data` as
 * `useData` gives them.
 *
 * @example
 *   const { data, loading, errors, ask } = useAsked((signal) => reportApi.todayHistory(signal));
 *   <FilterForm onSubmit={(f) => ask((signal) => reportApi.history(f, signal))} />
 */
import { useCallback, useState } from 'react';
import { useData, type DataState } from './useData.ts';

type Load<T> = (signal: AbortSignal) => Promise<T>;

export function useAsked<T>(first: Load<T>): DataState<T> & { ask: (load: Load<T>) => void } {
  // a new object on each ask: the key `useData` reads again on, even for the same request
  const [asked, setAsked] = useState<{ load: Load<T> }>({ load: first });
  const state = useData((signal) => asked.load(signal), [asked]);
  const ask = useCallback((load: Load<T>) => setAsked({ load }), []);
  return { ...state, ask };
}
