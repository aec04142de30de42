import type { Registry } from '../../engine/registry.ts';
import { migrate, openOrm } from './orm.ts';

/**
 * Replays the migrations in `migrations` on a scratch in-memory database and writes a new migration
 * for the difference to the schemas. Returns the new file's name, or undefined when they agree.
 */
export async function createMigration(registry: Registry, opts: { name?: string; migrations?: string } = {}): Promise<string | undefined> {
  const orm = await openOrm(registry, { dataDir: 'memory://', migrations: opts.migrations });
  try {
    await migrate(orm);
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
    if (!diff.trim()) return undefined;
    const result = await orm.migrator.create(opts.migrations, false, false, opts.name);
    return result.fileName;
  } finally {
    await orm.close(true);
  }
}

/** The SQL the schemas still need after the committed migrations ran on `orm`'s database. */
export async function pendingSchemaSql(orm: Awaited<ReturnType<typeof openOrm>>): Promise<string> {
  return (await orm.schema.getUpdateSchemaSQL({ wrap: false })).trim();
}
