import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SchemaProblem } from './meta-check.ts';

/**
 * Where a schema file lives under `schemas/`: a table's file (it declares `x-table`) in `tables/`, any
 * other form — an action's input, a variant of a form, a report's request form — in `forms/`. The
 * report definitions (`reports/who/`, `reports/dak/`, `reports/dhis2/`) are read by their own modules.
 *
 * @example schemaFolderOf({ 'x-table': { name: 'source' } }) // 'tables'
 * @example schemaFolderOf({ title: 'Закрыть случай' }) // 'forms'
 */
export function schemaFolderOf(schema: unknown): 'tables' | 'forms' {
  const table = typeof schema === 'object' && schema !== null ? (schema as { 'x-table'?: unknown })['x-table'] : undefined;
  return table === undefined ? 'forms' : 'tables';
}

/** One schema file found: its id (the file's name without `.json`, unique across both folders) and where it is. */
export interface SchemaFileEntry {
  id: string;
  file: string;
  folder: 'tables' | 'forms';
}

/**
 * Lists the schema files of a `schemas/` folder — `tables/*.json` and `forms/*.json` — sorted by id, so
 * every reader (the registry, the generated types, the migrations) sees them in one order whatever the
 * folder. A `.json` left at the top, or one id in both folders, is a problem named with its file.
 *
 * @example listSchemaFiles('schemas').entries[0] // { id: 'adherence', file: 'schemas/tables/adherence.json', folder: 'tables' }
 */
export function listSchemaFiles(dir: string): { entries: SchemaFileEntry[]; problems: SchemaProblem[] } {
  const problems: SchemaProblem[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    problems.push({ file: join(dir, name), pointer: '/', message: 'a schema file goes in tables/ (it declares x-table) or forms/' });
  }
  const entries: SchemaFileEntry[] = [];
  const seen = new Map<string, string>();
  for (const folder of ['tables', 'forms'] as const) {
    const at = join(dir, folder);
    if (!existsSync(at)) continue;
    for (const name of readdirSync(at).filter((f) => f.endsWith('.json'))) {
      const id = name.replace(/\.json$/, '');
      const file = join(at, name);
      const other = seen.get(id);
      if (other) problems.push({ file, pointer: '/', message: `the id ${id} is already the file ${other}` });
      else seen.set(id, file);
      entries.push({ id, file, folder });
    }
  }
  entries.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { entries, problems };
}
