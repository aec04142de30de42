/** The unit worklist's call (cases/places/worklist.ts): its answer type comes from the server's (type-only). */
import type { Worklist } from '../../cases/places/worklist.ts';
import { api } from '../api/index.ts';

export type { ExamDueRow, MissedDosesRow, NoOutcomeRow, Worklist, WorklistCase } from '../../cases/places/worklist.ts';
export type { ContactToEvaluateRow, TptMissedRow, WorklistContact } from '../../cases/contacts/worklist.ts';

/** `POST /api/cases/unit/{unitId}/worklist`. */
export const worklistApi = {
  load: (unitId: string) => api.post<Worklist>(`/api/cases/unit/${encodeURIComponent(unitId)}/worklist`, {}),
};
