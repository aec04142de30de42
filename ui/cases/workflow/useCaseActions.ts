import { useEffect, useState } from 'react';
import { api } from '../../api/index.ts';

/** One line of the case's command bar as the server lists it (`GET /api/tbl/tbcase/{id}/actions`). */
export interface ActionState {
  name: string;
  enabled: boolean;
  reason?: string;
}

/**
 * The case's declared actions and whether this user may run each now (permission, state and unit
 * rules are the server's: cases/workflow), read again when the case changes (`version`).
 * @example const can = useCaseActions(id, tbcase.version); can('validate') // true
 */
export function useCaseActions(caseId: string, version: unknown): (name: string) => boolean {
  const [list, setList] = useState<ActionState[]>([]);
  useEffect(() => {
    let live = true;
    api
      .get<ActionState[]>(`/api/tbl/tbcase/${encodeURIComponent(caseId)}/actions`)
      .then((l) => live && setList(l))
      .catch(() => live && setList([]));
    return () => {
      live = false;
    };
  }, [caseId, version]);
  return (name) => !!list.find((a) => a.name === name)?.enabled;
}
