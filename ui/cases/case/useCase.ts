import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '../../api/index.ts';
import type { CaseView } from './types.ts';

/** The case of the page: loading, the case, or why it could not be read (404 outside the user's view). */
export interface CaseState {
  tbcase?: CaseView;
  loading: boolean;
  /** HTTP status and message of a failed read. */
  error?: { status: number; msg: string };
  reload: () => void;
}

/**
 * Loads `GET /api/tbl/case/{id}`; `reload()` reads it again (after any change on the page), keeping
 * the old case on screen meanwhile.
 * @example const { tbcase, error, reload } = useCase(id);
 */
export function useCase(id: string): CaseState {
  const [tbcase, setCase] = useState<CaseView>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<CaseState['error']>();
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    setLoading(true);
    api
      .get<CaseView>(`/api/tbl/case/${encodeURIComponent(id)}`)
      .then((c) => live && (setCase(c), setError(undefined)))
      .catch((e) => live && setError({ status: e instanceof ApiError ? e.status : 0, msg: e instanceof Error ? e.message : String(e) }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, round]);

  return { tbcase, loading, error, reload };
}
