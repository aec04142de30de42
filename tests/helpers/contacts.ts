// The set-up the contact and TPT tests share: a contact added to an index case through
// the API (a new person or one found by the search), its evaluation, a TPT regimen of the demo
// catalogue, a course started and a calendar month recorded — each checked to be saved.
import { expect } from 'vitest';
import type { ApiClient } from './server.ts';

export interface NewPerson {
  name: string;
  lastName?: string;
  gender: 'MALE' | 'FEMALE';
  birthDate?: string;
}

/**
 * A contact of the index case: a new person (`person`) or a known one (`patientId`); its id.
 * @example const contactId = await addContact(admin, caseId, { person: { name: 'Айжан', gender: 'FEMALE', birthDate: '2023-01-05' } });
 */
export async function addContact(
  client: ApiClient,
  caseId: string,
  o: { person?: NewPerson; patientId?: string; contact?: Record<string, unknown> },
): Promise<string> {
  const r = await postContact(client, caseId, o);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as string;
}

/** The new-contact call as sent, for the tests that expect a refusal. */
export function postContact(client: ApiClient, caseId: string, o: { person?: NewPerson; patientId?: string; contact?: Record<string, unknown> }) {
  return client.post('/api/cases/contact/new', {
    caseId,
    ...(o.patientId ? { patientId: o.patientId } : {}),
    doc: { ...(o.person ? { patient: o.person } : {}), contact: { registrationDate: '2026-01-12', contactType: 'household', ...o.contact } },
  });
}

/** An evaluation that excluded TB disease on `date`. */
export const tbExcluded = (date = '2026-01-15') => ({
  examinated: true, dateOfExamination: date, symptoms: 'ABSENT', chestXray: 'NOT_SUGGESTIVE', infectionTest: 'IGRA', infectionTestDate: date,
  infectionTestResult: 'POSITIVE', evaluationOutcome: 'TB_EXCLUDED',
});

/** Records the contact's evaluation (a change of the contact row). */
export async function evaluate(client: ApiClient, contactId: string, evaluation: Record<string, unknown> = tbExcluded()): Promise<void> {
  const r = await client.post(`/api/tbl/contact/${contactId}`, evaluation);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** The id of the demo catalogue's TPT regimen with this code (3HP, 6Lfx…). */
export async function tptRegimen(client: ApiClient, code: string): Promise<string> {
  const r = await client.post('/api/tbl/tptregimen/query', { key: code });
  const found = (r.body.list as { id: string; code: string }[]).find((x) => x.code === code);
  expect(found, `regimen ${code}`).toBeDefined();
  return found!.id;
}

/** A TPT course of the contact, eligible on `eligibilityDate`, on the regimen and weight given; its id. */
export async function addCourse(client: ApiClient, contactId: string, regimenId: string, o: { weightKg?: number; eligibilityDate?: string } = {}): Promise<string> {
  const r = await client.post('/api/tbl/tptcourse', { contactId, eligible: true, eligibilityDate: o.eligibilityDate ?? '2026-01-15', regimenId, weightKg: o.weightKg ?? 60 });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as string;
}

/** Runs an action of the course; the response. */
export const courseAction = (client: ApiClient, courseId: string, name: string, input: Record<string, unknown> = {}) => client.post(`/api/tbl/tptcourse/${courseId}/action/${name}`, input);

/** Records days of a month of the course's calendar as DOTS (or the status given); the month's new version. */
export async function recordDays(client: ApiClient, courseId: string, year: number, month: number, days: number[], status = 'DOTS'): Promise<number> {
  const r = await client.post('/api/cases/contact/tpt/followup', { tptcourseId: courseId, year, month, days: days.map((day) => ({ day, status })) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.version as number;
}
