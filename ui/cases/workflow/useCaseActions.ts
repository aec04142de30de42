import { api } from '../../api/index.ts';
import { useData } from '../../generic/data/useData.ts';

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
  const { data: list } = useData((signal) => api.get<ActionState[]>(`/api/tbl/tbcase/${encodeURIComponent(caseId)}/actions`, signal), [caseId, version]);
  return (name) => !!list?.find((a) => a.name === name)?.enabled;
}
