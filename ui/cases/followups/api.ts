/**
 * The calls of a case's follow-up exams (cases/followups): the list, the types the session may add,
 * the case's latest results. Exams themselves are written with the generic table API
 * (`tableApi.create|update|remove(<table>, …)`), their forms read with `tableApi.form(<table>)`.
 *
 * @example const [items, types] = await Promise.all([followupsApi.list(caseId), followupsApi.types(caseId)]);
 */
import { api } from '../../api/index.ts';

/** One exam as `GET /api/cases/case/followups/{caseId}` lists it. */
export interface FollowupItem {
  type: string;
  table: string;
  name: string;
  monthOfTreatment: number;
  month: string;
  latest: boolean;
  data: Record<string, unknown> & { id: string; date: string };
  view: { title: string; value: unknown }[];
}

/** An exam type the session may read on the case; `canChange`: add, edit and delete. */
export interface FollowupType {
  type: string;
  table: string;
  name: string;
  canChange: boolean;
}

/** A derived value of the case (latest microscopy result, culture conversion date…) in words. */
export interface LatestValue {
  field: string;
  title: string;
  value: string;
  text: string;
  format?: string;
  type?: string;
}

const base = (caseId: string) => `/api/cases/case/followups/${encodeURIComponent(caseId)}`;

export const followupsApi = {
  list: (caseId: string) => api.get<FollowupItem[]>(base(caseId)),
  types: (caseId: string) => api.get<FollowupType[]>(`${base(caseId)}/types`),
  latest: (caseId: string) => api.get<LatestValue[]>(`${base(caseId)}/latest`),
};
