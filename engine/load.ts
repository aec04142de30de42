import { readFileSync } from 'node:fs';
import { bundle } from './bundle.ts';
import { DefsError, inlineDefs } from './defs.ts';
import { resolveExtends } from './extends.ts';
import { addDeclaredLabels, labelProblems } from './labels.ts';
import { checkCrossRefs, checkFile, conditionProblems, type SchemaProblem } from './meta-check.ts';
import { Registry } from './registry.ts';
import { listSchemaFiles, schemaFolderOf } from './schema-layout.ts';
import type { EntitySchemaFile, JsonSchema } from './types.ts';

const misplaced = { tables: 'a file of tables/ declares its table (x-table); a form goes in forms/', forms: 'a table (x-table) goes in tables/' };

export class SchemaError extends Error {
  constructor(readonly problems: SchemaProblem[]) {
    super(`invalid schema files:\n${problems.map((p) => `  ${p.file} ${p.pointer}: ${p.message}`).join('\n')}`);
  }
}

/**
 * Reads every schema file of a `schemas/` folder (`tables/*.json` and `forms/*.json`, as
 * schema-layout.ts lists them), resolves variants (`x-extends`), checks each file against the
 * meta-schema and that it sits in its folder, inlines local `$defs` references and checks across files.
 *
 * @example loadSchemas('schemas').table('tbcase') // the case table's declaration
 */
export function loadSchemas(dir: string): Registry {
  const raw = new Map<string, JsonSchema>();
  const fileOf = new Map<string, string>();
  const { entries, problems } = listSchemaFiles(dir);
  for (const { id, file, folder } of entries) {
    if (fileOf.has(id)) continue;
    try {
      const schema = JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;
      raw.set(id, schema);
      fileOf.set(id, file);
      if (schemaFolderOf(schema) !== folder) problems.push({ file, pointer: '/x-table', message: misplaced[folder] });
    } catch (e) {
      problems.push({ file, pointer: '/', message: `not JSON: ${(e as Error).message}` });
    }
  }
  const { schemas, problems: variantProblems } = resolveExtends(raw);
  for (const [id, message] of variantProblems) problems.push({ file: fileOf.get(id)!, pointer: '/x-extends', message });
  const files: { file: string; schema: EntitySchemaFile }[] = [];
  for (const [id, schema] of schemas) {
    const file = fileOf.get(id)!;
    problems.push(...checkFile(file, schema));
    if (raw.get(id)!['x-extends'] !== undefined && schema['x-table']) problems.push({ file, pointer: '/x-extends', message: 'a variant cannot declare a table: extend a form' });
    if (schema['x-summaries'] !== undefined && (schema['x-table'] as { name?: string } | undefined)?.name !== 'tbcase') problems.push({ file, pointer: '/x-summaries', message: 'summaries are declared on the case table (tbcase) only' });
    try {
      const inlined = inlineDefs(schema) as EntitySchemaFile;
      for (const message of labelProblems(inlined)) problems.push({ file, pointer: '/x-labels', message });
      files.push({ file, schema: inlined });
    } catch (e) {
      if (!(e instanceof DefsError)) throw e;
      problems.push({ file, pointer: e.pointer, message: e.message });
    }
  }
  problems.push(...checkCrossRefs(files));
  if (problems.length) throw new SchemaError(problems);
  const registry = new Registry(files.map((f) => f.schema));
  problems.push(...composedProblems(registry, files));
  if (problems.length) throw new SchemaError(problems);
  addDeclaredLabels(registry);
  return registry;
}

/**
 * A form composed of parts of other files (a variant's picked fields) is checked once its parts are
 * inlined: each condition must read a field the form has (not one the picking left out).
 */
function composedProblems(registry: Registry, files: { file: string; schema: EntitySchemaFile }[]): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  for (const { file, schema } of files) {
    if (schema['x-table'] || !JSON.stringify(schema.properties ?? {}).includes('"$ref"')) continue;
    try {
      problems.push(...conditionProblems(file, bundle(registry, schema)));
    } catch (e) {
      problems.push({ file, pointer: '/properties', message: (e as Error).message });
    }
  }
  return problems;
}
