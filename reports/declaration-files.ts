/**
 * Reading a folder of declaration files — the WHO forms (`schemas/reports/who/`), the DAK indicators
 * (`schemas/reports/dak/`), the DHIS2 mappings — each checked against its meta-schema: one loop for
 * all of them, so each says what is wrong the same way and the server does not start with a bad file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { conditionSchema } from '../engine/condition/index.ts';

/** A file that parsed and passed its meta-schema. */
export interface DeclarationFile<T> {
  /** The file's path (for the caller's problems: `${file} /pointer: …`). */
  file: string;
  doc: T;
}

/**
 * The `*.json` files of `dir` in name order that are JSON and pass `validate`, and a line per problem
 * of the others (`<file>: not JSON: …`, `<file> <pointer>: <message>`); a missing folder holds none.
 * The caller adds its own checks to `problems` and throws once, naming every problem.
 * @example const { files, problems } = readDeclarationFiles<FormDefinition>(formsDir(schemasDir), validate) // files[0].doc.id: 'tb07'
 */
export function readDeclarationFiles<T>(dir: string, validate: ValidateFunction): { files: DeclarationFile<T>[]; problems: string[] } {
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return { files: [], problems: [] };
  }
  const files: DeclarationFile<T>[] = [];
  const problems: string[] = [];
  for (const name of names) {
    const file = join(dir, name);
    let doc: unknown;
    try {
      doc = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      problems.push(`${file}: not JSON: ${(e as Error).message}`);
      continue;
    }
    if (!validate(doc)) problems.push(...(validate.errors ?? []).map((e) => `${file} ${e.instancePath || '/'}: ${e.message}`));
    else files.push({ file, doc: doc as T });
  }
  return { files, problems };
}

/** The one Ajv of the declarations' meta-schemas: a new Ajv first compiles JSON Schema's own meta-schema. */
let ajv: Ajv2020 | undefined;
const compiled = new WeakMap<object, ValidateFunction>();

/**
 * `schema` (a declaration folder's meta-schema, all errors reported; its conditions may refer to the
 * condition language's `condition#/$defs/var`) compiled once per process: every
 * server start reads the folders, and a new Ajv and compile each time cost ~0.1 s of CPU per folder.
 * @example readDeclarationFiles(indicatorsDir(schemasDir), compiledOnce(indicatorSchema))
 */
export function compiledOnce(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = (ajv ??= new Ajv2020({ allErrors: true, strict: false }).addSchema(conditionSchema)).compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}
