// Workflow forms that are not tables (schemas without x-table, composed of parts of several
// entities) are served as remote forms: the new notification (patient + case), bundled, to the
// holders of its permission only.
import { describe, expect, it } from 'vitest';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';


useTestServer();

describe('POST /api/tbl/<form>/form for a form-only schema', () => {
  it('gives a user holding the form permission the composed schema, parts inlined', async () => {
    const notifier = await createUser(server, admin, 'NOTIFIER', [{ permission: 'NEWCASE' }]);
    const r = await notifier.post('/api/tbl/newnotif_tb/form', {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { doc, schema, resources } = r.body;
    expect(doc).toEqual({});
    expect(schema.$id).toBe('newnotif_tb');
    expect(JSON.stringify(schema)).not.toMatch(/"\$ref":"(patient|tbcase)"/);
    expect(Object.keys(schema.properties.patient.properties)).toEqual(expect.arrayContaining(['name', 'lastName', 'gender', 'birthDate']));
    expect(Object.keys(schema.properties.tbcase.properties).sort()).toEqual(['caseNumber', 'diagnosisBasis', 'diagnosisDate', 'extrapulmonaryForm', 'infectionSite', 'registrationDate', 'registrationGroup']);
    expect(schema.properties.tbcase.required).toEqual(['registrationDate', 'diagnosisDate', 'registrationGroup']);
    expect(resources.form).toEqual({ name: 'newnotif_tb', parts: { patient: 'patient', tbcase: 'tbcase' }, permission: 'NEWCASE' });
    expect(resources.uiSchema.patient.gender['ui:options'].enumPrefix).toBe('gender');
    expect(resources.readOnly).toBe(false);
    expect((await admin.post('/api/tbl/newnotif_tb/form', {})).status).toBe(200);
  });

  it('refuses a user without the permission, and an anonymous caller', async () => {
    const clerk = await createUser(server, admin, 'NOTIFCLERK', [{ permission: 'SOURCES' }]);
    const r = await clerk.post('/api/tbl/newnotif_tb/form', {});
    expect(r.status).toBe(403);
    expect(r.body.schema).toBeUndefined();
    expect((await server.anonymous().post('/api/tbl/newnotif_tb/form', {})).status).toBe(401);
  });

  it('serves only the form: no rows to read, query or save, no existing document yet', async () => {
    expect((await admin.post('/api/tbl/newnotif_tb/query', {})).status).toBe(404);
    expect((await admin.post('/api/tbl/newnotif_tb', { patient: {} })).status).toBe(404);
    expect((await admin.post('/api/tbl/newnotif_tb/form', { id: crypto.randomUUID() })).body.errors[0].field).toBe('id');
    expect((await admin.post('/api/tbl/nosuchform/form', {})).status).toBe(404);
  });
});
