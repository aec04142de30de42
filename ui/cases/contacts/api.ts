/**
 * The contacts' and TPT calls (cases/contacts/routes.ts, cases/tpt/actions.ts); the answer
 * types are the server's (type-only: no server code enters the UI bundle).
 */
import type { ContactRow, RegisterFilter } from '../../../cases/contacts/lists.ts';
import type { TptView } from '../../../cases/tpt/view.ts';
import { api, type Doc } from '../../api/index.ts';
import type { DayEntry } from '../treatment/calendar.ts';

export type { ContactRow, RegisterFilter, TptView };

/** A page of a unit's contact register. */
export interface RegisterPage {
  list: ContactRow[];
  next: string | null;
  count: number;
  countCapped: boolean;
}

const enc = encodeURIComponent;

export const contactsApi = {
  /** The index case's contacts in the reader's view. */
  ofCase: async (caseId: string, signal?: AbortSignal) => (await api.get<{ list: ContactRow[] }>(`/api/cases/case/${enc(caseId)}/contacts`, signal)).list,
  /** A page of the unit's register: newest first, `after` the previous page's `next`. */
  register: (unitId: string, filter: RegisterFilter, after?: string | null, signal?: AbortSignal) =>
    api.post<RegisterPage>(`/api/cases/unit/${enc(unitId)}/contacts`, { filter, ...(after ? { after } : {}) }, signal),
  /** Adds a contact to the index case: a new person (`doc.patient`) or a known one (`patientId`); the new contact's id. */
  add: (caseId: string, doc: Doc, patientId?: string) => api.post<string>('/api/cases/contact/new', { caseId, doc, ...(patientId ? { patientId } : {}) }),
  /** The contact's TPT course with its calendar. */
  tpt: (contactId: string, signal?: AbortSignal) => api.get<TptView>(`/api/cases/contact/${enc(contactId)}/tpt`, signal),
  /** Runs an action of the course (tptstart, tptstatus, tptclose, tptreopen). */
  action: (courseId: string, name: string, input: Doc = {}) => api.post<unknown>(`/api/tbl/tptcourse/${enc(courseId)}/action/${enc(name)}`, input),
  /** Saves a month of the course's calendar; the month's new version. */
  saveMonth: (tptcourseId: string, m: { year: number; month: number; version: number; days: DayEntry[] }) =>
    api.post<{ version: number }>('/api/cases/contact/tpt/followup', { tptcourseId, ...m }),
};
