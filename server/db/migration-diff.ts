import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Registry } from '../../engine/registry.ts';
import { migrate, openOrm } from './orm.ts';

/**
 * Replays the migrations in `migrations` on a scratch in-memory database and writes a new migration
 * for the difference to the schemas. Returns the new file's name, or undefined when they agree.
 * With `databaseUrl`, on that PostgreSQL database instead (the tests give a copy of one the
 * migrations already ran on: only the new ones replay, in a fraction of the time).
 * @example await createMigration(loadSchemas('schemas'), { name: 'website' }) // 'Migration20261127_website.ts'
 */
export async function createMigration(registry: Registry, opts: { name?: string; migrations?: string; databaseUrl?: string } = {}): Promise<string | undefined> {
  const orm = await openOrm(registry, opts.databaseUrl ? { databaseUrl: opts.databaseUrl, migrations: opts.migrations } : { dataDir: 'memory://', migrations: opts.migrations });
  try {
    await migrate(orm);
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
    if (!diff.trim()) return undefined;
    const result = await orm.migrator.create(opts.migrations, false, false, opts.name);
    const file = join(orm.config.get('migrations').path!, result.fileName);
    writeFileSync(file, withoutForeignRoutines(readFileSync(file, 'utf8')));
    return result.fileName;
  } finally {
    await orm.close(true);
  }
}

/** The SQL the schemas still need after the committed migrations ran on `orm`'s database. */
export async function pendingSchemaSql(orm: Awaited<ReturnType<typeof openOrm>>): Promise<string> {
  return (await orm.schema.getUpdateSchemaSQL({ wrap: false })).trim();
}

/**
 * The diff's `down()` recreates, as empty stubs, every trigger and function the migrations made by
 * hand (the schema diff does not know them): rolling back would overwrite the real ones. Keeps in
 * `down()` only the routines its `up()` drops.
 * @example withoutForeignRoutines(text) // down() without `create or replace function "patient_…_fn"() … begin ; end; …`
 */
export function withoutForeignRoutines(text: string): string {
  const at = text.indexOf('override down()');
  if (at < 0) return text;
  const open = text.indexOf('{', at) + 1;
  const close = text.lastIndexOf('}', text.lastIndexOf('}') - 1);
  const dropped = new Set([...text.slice(0, at).matchAll(/drop (?:trigger|function)(?: if exists)? "?(\w+)"?/g)].map((m) => m[1]));
  const kept = [...text.slice(open, close).matchAll(/this\.addSql\(`[\s\S]*?`\);/g)]
    .map((m) => m[0])
    .filter((stmt) => {
      const name = stmt.match(/^this\.addSql\(`create (?:or replace )?(?:function|trigger) "(\w+)"/)?.[1];
      return !name || dropped.has(name);
    });
  return `${text.slice(0, open)}\n${kept.map((stmt) => `    ${stmt}\n`).join('')}  ${text.slice(close)}`;
}
