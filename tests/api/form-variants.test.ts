// A form variant is a small file extending another form (x-extends): served as a remote form with
// the base's parts and permission, its own picked fields, required fields, layout and conditions.
import { describe, expect, it } from 'vitest';
import { startServerWithSchemas } from '../helpers/extra-schemas.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';

const variant = {
  $id: 'newnotif_variant',
  'x-extends': 'newnotif_tb',
  properties: {
    tbcase: {
      'x-pick': ['registrationDate', 'registrationGroup', 'caseNumber'],
      required: ['registrationGroup'],
      'x-visible': { caseNumber: { field: 'registrationGroup', equals: 'NEW', required: true } },
    },
  },
  'x-layout': { 'ui:order': ['tbcase', 'patient'] },
};



useTestServer(() => startServerWithSchemas('variants', [variant]));

describe('a form variant (x-extends)', () => {
  it('is served with the base form’s parts and permission and its own picked fields, required and layout', async () => {
    const notifier = await createUser(server, admin, 'VARIANTNOTIF', [{ permission: 'NEWCASE' }]);
    const r = await notifier.post('/api/tbl/newnotif_variant/form', {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { schema, resources } = r.body;
    expect(schema.$id).toBe('newnotif_variant');
    expect(Object.keys(schema.properties.tbcase.properties).sort()).toEqual(['caseNumber', 'registrationDate', 'registrationGroup']);
    expect(schema.properties.tbcase.required).toEqual(['registrationGroup']);
    expect(schema.properties.tbcase['x-visible']).toEqual(variant.properties.tbcase['x-visible']);
    expect(Object.keys(schema.properties.patient.properties)).toEqual(expect.arrayContaining(['name', 'lastName', 'gender']));
    expect(resources.form).toEqual({ name: 'newnotif_variant', parts: { patient: 'patient', tbcase: 'tbcase' }, permission: 'NEWCASE' });
    expect(resources.uiSchema['ui:order']).toEqual(['tbcase', 'patient']);
    // the base is unchanged
    const base = (await notifier.post('/api/tbl/newnotif_tb/form', {})).body.schema;
    expect(Object.keys(base.properties.tbcase.properties).sort()).toEqual(['caseNumber', 'diagnosisBasis', 'diagnosisDate', 'extrapulmonaryForm', 'infectionSite', 'registrationDate', 'registrationGroup']);
  });

  it('keeps the base’s permission', async () => {
    const clerk = await createUser(server, admin, 'VARIANTCLERK', [{ permission: 'SOURCES' }]);
    expect((await clerk.post('/api/tbl/newnotif_variant/form', {})).status).toBe(403);
  });
});
