// A configurator adds a field to a catalogue by editing one schema file: it reaches the generated
// migration, the server's validator, the remote form and the types with no code change.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { generateTypes } from '../../engine/types-gen.ts';
import { rootDir, schemasDir } from '../../server/config.ts';
import { createMigration } from '../../server/db/migration-diff.ts';
import { migrationsPath } from '../../server/db/orm.ts';
import { seededDatabase, startTestServer, type TestServer } from '../helpers/server.ts';

// Inside the repo (git-ignored .tmp/), so the copied migrations resolve the project's packages.
mkdirSync(join(rootDir, '.tmp'), { recursive: true });
const root = mkdtempSync(join(rootDir, '.tmp', 'addfield-'));
const schemas = join(root, 'schemas');
const migrations = join(root, 'migrations');
let server: TestServer;
let newMigration: string;

beforeAll(async () => {
  cpSync(schemasDir, schemas, { recursive: true });
  cpSync(migrationsPath, migrations, { recursive: true });
  const file = join(schemas, 'tables', 'source.json');
  const source = JSON.parse(readFileSync(file, 'utf8'));
  source.properties.website = { type: 'string', maxLength: 100, title: 'source.website' };
  writeFileSync(file, JSON.stringify(source, null, 2));
  const created = await createMigration(loadSchemas(schemas), { migrations, name: 'website' });
  newMigration = readFileSync(join(migrations, created!), 'utf8');
  // on a copy of the seeded template, as on a live database: the new migration is the one that runs
  server = await startTestServer({ schemasDir: schemas, migrationsDir: migrations, databaseUrl: await seededDatabase() });
}, 180_000);
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('adding a field to source.json', () => {
  it('generates a migration that adds the column', () => {
    expect(readdirSync(migrations).length).toBe(readdirSync(migrationsPath).length + 1);
    expect(newMigration).toMatch(/alter table "source" add "website" varchar\(100\)/);
  });

  it('is validated, stored and read back by the generic API', async () => {
    const admin = await server.login();
    const tooLong = await admin.post('/api/tbl/source', { shortName: 'W1', name: 'С сайтом', website: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0].field).toBe('website');
    const ok = await admin.post('/api/tbl/source', { shortName: 'W2', name: 'С сайтом', website: 'https://example.org' });
    expect((await admin.get(`/api/tbl/source/${ok.body.result}`)).body.website).toBe('https://example.org');
  });

  it('appears in the remote form', async () => {
    const admin = await server.login();
    const form = await admin.post('/api/tbl/source/form', {});
    expect(form.body.schema.properties.website).toMatchObject({ type: 'string', maxLength: 100 });
  });

  it('appears in the generated types', async () => {
    const types = await generateTypes(loadSchemas(schemas));
    expect(types.get('source.ts')).toMatch(/website\?: string;/);
  });
});
