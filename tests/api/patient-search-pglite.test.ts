// The patient search on the embedded database (PGlite, pg_trgm loaded): the same migration gives
// the key function, its trigger and the word dictionary, so notification and search work there too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../app/start.ts';
import { startPgliteServer } from '../helpers/pglite.ts';
import { ApiClient } from '../helpers/server.ts';

let server: RunningServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startPgliteServer();
  admin = new ApiClient(server.url);
  await admin.post('/api/auth/login', { login: 'ADMIN', password: 'Admin123' });
}, 180_000);
afterAll(() => server?.close());

describe('the patient search on PGlite', () => {
  it('finds a notified patient by another case, a Latin spelling and a typo', async () => {
    const unitId = (await admin.post('/api/tbl/unit/query', { key: 'Ош' })).body.list[0].id;
    const r = await admin.post('/api/cases/case/newnotif', {
      diagnosisType: 'SUSPECT', caseClassification: 'NTM', unitId,
      doc: { patient: { lastName: 'Жумабеков', name: 'Чынгыз', gender: 'MALE' }, tbcase: { registrationDate: '2026-11-20', registrationGroup: 'NEW' } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const patientId = (await admin.get(`/api/tbl/tbcase/${r.body.result}`)).body.patientId;
    for (const q of [{ lastName: 'ЖУМАБЕКОВ', name: 'чынгыз' }, { lastName: 'Jumabekov', name: 'Chingiz' }, { lastName: 'Жумабеклв', name: 'Чынгыз' }]) {
      const s = await admin.post('/api/tbl/patient/search', q);
      expect(s.status, JSON.stringify(s.body)).toBe(200);
      expect(s.body.list[0]?.patient.id, JSON.stringify(q)).toBe(patientId);
    }
  });
});
