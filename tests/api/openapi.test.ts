// The OpenAPI 3.1 document: generated from the declared routes and the schema files, served
// at GET /api/openapi.json without a session (an integrator reads it before signing in; it holds no
// data). Checked by a validator of the OpenAPI 3.1 schema (@seriousme/openapi-schema-validator, not
// the code under test); every mounted route is in it; each declared body's example passes the body's
// schema as the document gives it, and the server takes it (not refused as a bad body); who may call a
// route is written by hand here from the rules.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes } from '../../server/api-routes.ts';
import { apiRoutes } from '../helpers/routes.ts';
import { server, useTestServer } from '../helpers/use-server.ts';

useTestServer();

let doc: any;
let resolved: any;
beforeAll(async () => {
  const r = await server.anonymous().get('/api/openapi.json');
  expect(r.status).toBe(200);
  doc = r.body;
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc));
  expect(result.errors ?? [], 'the document against the OpenAPI 3.1 schema').toEqual([]);
  expect(result.valid).toBe(true);
  resolved = validator.resolveRefs();
});

const operation = (method: string, path: string) => doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document holding every mounted /api route', () => {
    expect(doc.openapi).toBe('3.1.0');
    const missing = apiRoutes(server.ctx).filter((r) => !operation(r.method, r.path)).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
  });

  it('says who may call a route, how a client signs in, and how a refusal answers', () => {
    expect(operation('POST', '/api/sync/conflicts')['x-permission']).toEqual(['CMDHISTORY']);
    expect(operation('POST', '/api/sync/conflicts').description).toContain('CMDHISTORY');
    expect(operation('POST', '/api/auth/login')['x-permission']).toBe('public');
    expect(operation('POST', '/api/tbl/:table')['x-permission']).toBe('table');
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'tbsid' });
    expect(doc.components.securitySchemes.client).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-TB-Client' });
    // a change needs the session and the header; a read the session alone; the sign-in the header alone
    expect(operation('POST', '/api/tbl/:table').security).toEqual([{ session: [], client: [] }]);
    expect(operation('GET', '/api/tbl/:table/:id').security).toEqual([{ session: [] }]);
    expect(operation('POST', '/api/auth/login').security).toEqual([{ client: [] }]);
    const refused = resolved.paths['/api/session/search'].post.responses[400].content['application/json'].schema;
    expect(refused.properties.errors.items.required).toEqual(['field', 'msg']);
    // the schema files are components: a table (source) and a form (newnotif_tb, patient and case inlined)
    expect(Object.keys(doc.components.schemas.source.properties)).toContain('shortName');
    expect(Object.keys(doc.components.schemas.newnotif_tb.properties)).toEqual(expect.arrayContaining(['patient', 'tbcase']));
  });

  it('gives each body the host checks an example that passes the documented schema, and the server takes it', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    const checked = declaredRoutes(server.ctx).filter((r) => r.body && r.bodyCheckedBy !== 'runner');
    expect(checked.length).toBeGreaterThan(5);
    const admin = await server.login();
    for (const r of checked) {
      const media = resolved.paths[r.path.replace(/:(\w+)/g, '{$1}')][r.method.toLowerCase()].requestBody.content['application/json'];
      expect(media.example, `${r.method} ${r.path} has an example`).toBeDefined();
      const validate = ajv.compile(media.schema);
      expect(validate(media.example) ? [] : validate.errors, `${r.method} ${r.path}`).toEqual([]);
    }
    // the examples of reads are taken as they are (a change's example would change the demo data)
    for (const path of ['/api/session/search', '/api/opts/:name', '/api/sync/changes', '/api/sync/rows']) {
      const r = checked.find((x) => x.path === path)!;
      const answer = await admin.post(path.replace(':name', 'unit'), r.example);
      expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });
});
