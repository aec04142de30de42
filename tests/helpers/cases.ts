// The set-up the case-domain API tests share: a unit found by name, a patient and cases created
// through the API by the administrator (each checked to be saved).
import { expect } from 'vitest';
import type { ApiClient } from './server.ts';

/**
 * The id of the first unit whose name contains `name` (the demo workspace's units).
 * @example const bishkek = await unitNamed(admin, 'Бишкекский');
 */
export async function unitNamed(admin: ApiClient, name: string): Promise<string> {
  return (await admin.post('/api/tbl/unit/query', { key: name })).body.list[0].id as string;
}

/**
 * A new patient; its id.
 * @example const patientId = await newPatient(admin, { name: 'Айгуль', lastName: 'Садыкова', gender: 'FEMALE', birthDate: '1979-08-14' });
 */
export async function newPatient(admin: ApiClient, doc: Record<string, unknown>): Promise<string> {
  const r = await admin.post('/api/tbl/patient', doc);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as string;
}

/**
 * A new case of the patient, owned and notified by `unitId`: a confirmed TB case, new, registered
 * on 2025-01-10, unless `extra` says otherwise; its id.
 * @example const newCase = (extra = {}) => createCase(admin, patientId, bishkek, extra);
 *          const closed = await newCase({ registrationDate: '2024-02-01' });
 */
export async function createCase(admin: ApiClient, patientId: string, unitId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const r = await admin.post('/api/tbl/tbcase', {
    patientId, ownerUnitId: unitId, notificationUnitId: unitId, diagnosisType: 'CONFIRMED', classification: 'TB',
    registrationGroup: 'NEW', registrationDate: '2025-01-10', ...extra,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as string;
}

/**
 * Sets settings of the session's workspace (fields of schemas/tables/workspace.json) as given, through the API.
 * @example await setWorkspaceSettings(admin, { tbDefinitions: 'WHO2013' });
 */
export async function setWorkspaceSettings(admin: ApiClient, patch: Record<string, unknown>): Promise<void> {
  const name = (await admin.post('/api/sys/session')).body.workspaceName;
  const ws = (await admin.post('/api/tbl/workspace/query', { pageSize: 100 })).body.list.find((w: { name: string }) => w.name === name);
  const r = await admin.post(`/api/tbl/workspace/${ws.id}`, patch);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/**
 * Sets the session workspace's case-validation settings (`caseValidationTB|DRTB|NTM`) as given.
 * @example await setCaseValidation(admin, { TB: 'DISABLED', DRTB: 'REQUIRED_BEFORE_TREATMENT_START' });
 */
export async function setCaseValidation(admin: ApiClient, modes: Partial<Record<'TB' | 'DRTB' | 'NTM', 'DISABLED' | 'ENABLED' | 'REQUIRED_BEFORE_TREATMENT_START'>>): Promise<void> {
  await setWorkspaceSettings(admin, Object.fromEntries(Object.entries(modes).map(([k, v]) => [`caseValidation${k}`, v])));
}
