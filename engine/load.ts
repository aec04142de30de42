import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundle } from './bundle.ts';
import { DefsError, inlineDefs } from './defs.ts';
import { resolveExtends } from './extends.ts';
import { addDeclaredLabels, labelProblems } from './labels.ts';
import { checkCrossRefs, checkFile, conditionProblems, type SchemaProblem } from './meta-check.ts';
import { Registry } from './registry.ts';
import type { EntitySchemaFile, JsonSchema } from './types.ts';

export class SchemaError extends Error {
  constructor(readonly problems: SchemaProblem[]) {
    super(`invalid schema files:\n${problems.map((p) => `  ${p.file} ${p.pointer}: ${p.message}`).join('\n')}`);
  }
}

/**
 * Reads every `*.json` of a folder, resolves variants (`x-extends`), checks each file against the
 * meta-schema, inlines local `$defs` references and checks across files.
 */
export function loadSchemas(dir: string): Registry {
  const raw = new Map<string, JsonSchema>();
  const fileOf = new Map<string, string>();
  const problems: SchemaProblem[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const file = join(dir, name);
    try {
      const id = name.replace(/\.json$/, '');
      raw.set(id, JSON.parse(readFileSync(file, 'utf8')));
      fileOf.set(id, file);
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
