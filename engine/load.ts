import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkCrossRefs, checkFile, type SchemaProblem } from './meta-check.ts';
import { Registry } from './registry.ts';
import type { EntitySchemaFile } from './types.ts';

export class SchemaError extends Error {
  constructor(readonly problems: SchemaProblem[]) {
    super(`invalid schema files:\n${problems.map((p) => `  ${p.file} ${p.pointer}: ${p.message}`).join('\n')}`);
  }
}

/** Reads every `*.json` of a folder, checks each against the meta-schema and across files. */
export function loadSchemas(dir: string): Registry {
  const files: { file: string; schema: EntitySchemaFile }[] = [];
  const problems: SchemaProblem[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const file = join(dir, name);
    let schema: unknown;
    try {
      schema = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      problems.push({ file, pointer: '/', message: `not JSON: ${(e as Error).message}` });
      continue;
    }
    problems.push(...checkFile(file, schema));
    files.push({ file, schema: schema as EntitySchemaFile });
  }
  problems.push(...checkCrossRefs(files));
  if (problems.length) throw new SchemaError(problems);
  return new Registry(files.map((f) => f.schema));
}
