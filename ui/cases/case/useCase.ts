import { useCallback, useRef } from 'react';
import { api, ApiError } from '../../api/index.ts';
import { useData } from '../../generic/data/useData.ts';
import type { CaseView } from './types.ts';

/** The case of the page: loading, the case, or why it could not be read (404 outside the user's view). */
export interface CaseState {
  tbcase?: CaseView;
  loading: boolean;
  /** HTTP status and message of a failed read. */
  error?: { status: number; msg: string };
  reload: () => void;
}

interface Read {
  id: string;
  tbcase?: CaseView;
  error?: CaseState['error'];
}

/**
 * Loads `GET /api/tbl/case/{id}`; `reload()` reads it again (after any change on the page), keeping
 * the old case on screen meanwhile — and after a failed reload, beside the error. Another id (a link
 * from one case to another) shows nothing of the case before: its case and its error belong to the
 * id they were read for. A late answer for an earlier id or reload is never shown (`useData`).
 * @example const { tbcase, error, reload } = useCase(id);
 */
export function useCase(id: string): CaseState {
  const { data, loading, refetch } = useData(
    async (signal): Promise<Read> => {
      try {
        return { id, tbcase: await api.get<CaseView>(`/api/tbl/case/${encodeURIComponent(id)}`, signal) };
      } catch (e) {
        if (signal.aborted) throw e;
        return { id, error: { status: e instanceof ApiError ? e.status : 0, msg: e instanceof Error ? e.message : String(e) } };
      }
    },
    [id],
  );
  const lastCase = useRef<Read | undefined>(undefined);
  if (data?.tbcase) lastCase.current = data;
  const mine = data?.id === id ? data : undefined;
  const tbcase = mine?.tbcase ?? (mine && lastCase.current?.id === id ? lastCase.current.tbcase : undefined);
  const reload = useCallback(() => void refetch(), [refetch]);
  return { tbcase, loading, error: mine?.error, reload };
}
