/**
 * The calls of a case's follow-up exams (cases/followups): the list, the types the session may add,
 * the case's latest results. Exams themselves are written with the generic table API
 * (`tableApi.create|update|remove(<table>, …)`), their forms read with `tableApi.form(<table>)`.
 *
 * @example const [items, types] = await Promise.all([followupsApi.list(caseId), followupsApi.types(caseId)]);
 */
import type { LatestValue } from '../../../cases/followups/latest.ts';
import type { FollowupItem as ServerFollowupItem } from '../../../cases/followups/list.ts';
import type { FollowupType } from '../../../cases/followups/types.ts';
import { api } from '../../api/index.ts';

// The server's own answer types (type-only: no server code enters the UI bundle).
export type { LatestValue } from '../../../cases/followups/latest.ts';
export type { FollowupType } from '../../../cases/followups/types.ts';

/** One exam as `GET /api/cases/case/followups/{caseId}` lists it (its row always has an id and a date). */
export type FollowupItem = Omit<ServerFollowupItem, 'data'> & { data: Record<string, unknown> & { id: string; date: string } };

const base = (caseId: string) => `/api/cases/case/followups/${encodeURIComponent(caseId)}`;

export const followupsApi = {
  list: (caseId: string, signal?: AbortSignal) => api.get<FollowupItem[]>(base(caseId), signal),
  types: (caseId: string, signal?: AbortSignal) => api.get<FollowupType[]>(`${base(caseId)}/types`, signal),
  latest: (caseId: string, signal?: AbortSignal) => api.get<LatestValue[]>(`${base(caseId)}/latest`, signal),
};
