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
 * the old case on screen meanwhile. Another id (a link from one case to another) shows nothing of
 * the case before: its case and its error belong to the id they were read for.
 * @example const { tbcase, error, reload } = useCase(id);
 */
export function useCase(id: string): CaseState {
  const [read, setRead] = useState<{ id: string; tbcase?: CaseView; error?: CaseState['error'] }>();
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    setLoading(true);
    api
      .get<CaseView>(`/api/tbl/case/${encodeURIComponent(id)}`)
      .then((c) => live && setRead({ id, tbcase: c }))
      .catch((e) => live && setRead((prev) => ({ id, tbcase: prev?.id === id ? prev.tbcase : undefined, error: { status: e instanceof ApiError ? e.status : 0, msg: e instanceof Error ? e.message : String(e) } })))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, round]);

  const mine = read?.id === id ? read : undefined;
  return { tbcase: mine?.tbcase, loading, error: mine?.error, reload };
}
