/**
 * The treatment calls of the case page, all under
 * `/api/cases/case/treatment`.
 *
 * @example
 *   const treatment = await treatmentApi.load(caseId);
 *   await treatmentApi.saveMonth({ caseId, year: 2026, month: 3, version: 2, days: [{ day: 1, status: 'DOTS' }] });
 */
import { api, type Doc } from '../../api/index.ts';
import type { FollowupBody, Treatment } from './model.ts';

const BASE = '/api/cases/case/treatment';
const id = (v: string) => encodeURIComponent(v);

export const treatmentApi = {
  load: (caseId: string, signal?: AbortSignal) => api.get<Treatment>(`${BASE}/${id(caseId)}`, signal),
  /** Standard (`regimenId`) or individualized (`prescriptions`) start. */
  start: (doc: Doc) => api.post<unknown>(`${BASE}/start`, doc),
  undo: (caseId: string) => api.post<unknown>(`${BASE}/undo/${id(caseId)}`, {}),
  changePeriod: (caseId: string, endDate: string) => api.post<unknown>(`${BASE}/update`, { caseId, endDate }),
  addPrescription: (doc: Doc) => api.post<unknown>(`${BASE}/prescription/add`, doc),
  updatePrescription: (doc: Doc) => api.post<unknown>(`${BASE}/prescription/update`, doc),
  deletePrescription: (prescriptionId: string) => api.del<unknown>(`${BASE}/prescription/delete/${id(prescriptionId)}`),
  /** Answers the month's new version; a stale `version` is refused with 409. */
  saveMonth: (body: FollowupBody) => api.post<{ version: number }>(`${BASE}/followup`, body),
};
