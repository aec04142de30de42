// A server whose schemas are the product's plus a few declared for one test file (a test table of a
// mechanism no product table exercises yet), with a migration made for them in a scratch folder.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadSchemas } from '../../engine/load.ts';
import { schemaFolderOf } from '../../engine/schema-layout.ts';
import { rootDir, schemasDir } from '../../server/config.ts';
import { createMigration } from '../../server/db/migration-diff.ts';
import { migrationsPath } from '../../server/db/orm.ts';
import { seededDatabase, startTestServer, type TestServer } from './server.ts';

/**
 * Starts a seeded test server with `files` (schema documents, by `$id`) added to `schemas/` (tables/ or forms/, by whether each declares `x-table`), and
 * `others` (other declarations, by their path inside `schemas/`: `reports/who/tb07.json`) written
 * over the copy; `close()` also removes the scratch folder.
 * @example const server = await startServerWithSchemas('scope', [{ $id: 'scopednote', … }]);
 */
export async function startServerWithSchemas(name: string, files: Record<string, unknown>[], others: Record<string, unknown> = {}): Promise<TestServer> {
  mkdirSync(join(rootDir, '.tmp'), { recursive: true });
  const root = mkdtempSync(join(rootDir, '.tmp', `${name}-`));
  const schemas = join(root, 'schemas');
  const migrations = join(root, 'migrations');
  cpSync(schemasDir, schemas, { recursive: true });
  cpSync(migrationsPath, migrations, { recursive: true });
  for (const f of files) writeFileSync(join(schemas, schemaFolderOf(f), `${f.$id}.json`), JSON.stringify(f, null, 2));
  for (const [path, doc] of Object.entries(others)) {
    mkdirSync(dirname(join(schemas, path)), { recursive: true });
    writeFileSync(join(schemas, path), JSON.stringify(doc, null, 2));
  }
  // on a copy of the seeded template, where the product's migrations already ran: the scratch
  // migration is taken from it and is the only one the server then runs (a form-only file needs none)
  const databaseUrl = await seededDatabase();
  if (files.some((f) => f['x-table'])) await createMigration(loadSchemas(schemas), { migrations, name, databaseUrl });
  const server = await startTestServer({ schemasDir: schemas, migrationsDir: migrations, databaseUrl });
  const close = server.close;
  return Object.assign(server, {
    async close() {
      await close();
      rmSync(root, { recursive: true, force: true });
    },
  });
}
