import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { t, type Lang } from './i18n.ts';
import { boundNumbers, strictFormats } from './formats.ts';
import { stripX } from './meta-check.ts';
import type { JsonSchema } from './types.ts';
import { withConditions } from './visibility.ts';
import { fieldErrorOf, schemaAtPath, type FieldError } from './validation-messages.ts';

export type { FieldError };

/**
 * Compiles schemas with ajv (the same on the server and in the browser) and turns ajv's errors into
 * `{field, msg}` pairs whose message names the field by its translated title.
 */
export class Validators {
  private ajv = new Ajv2020({ allErrors: true, strict: false, useDefaults: false, coerceTypes: false });
  private cache = new Map<string, ValidateFunction>();

  constructor() {
    (addFormats as unknown as (a: Ajv2020) => void)(this.ajv);
    // Only what PostgreSQL stores: no `urn:uuid:` ids, no year 0000 (engine/formats.ts).
    for (const [name, format] of Object.entries(strictFormats)) this.ajv.addFormat(name, format as never);
  }

  private compiled(id: string, schema: JsonSchema): ValidateFunction {
    let fn = this.cache.get(id);
    if (!fn) {
      const plain = stripX(withConditions(schema)); // a field required while shown: if/then
      delete plain.$id;
      fn = this.ajv.compile(boundNumbers(plain)); // numbers fit their column
      this.cache.set(id, fn);
    }
    return fn;
  }

  /** Checks one value against one field's schema (a query filter); the error names `field`. */
  validateValue(id: string, field: string, schema: JsonSchema, value: unknown, lang: Lang): FieldError[] {
    const fieldSchema = { type: 'object', properties: { v: schema } };
    return this.validate(`${id}#${field}`, fieldSchema, { v: value }, lang).map((e) => ({ field, msg: e.msg }));
  }

  validate(id: string, schema: JsonSchema, doc: unknown, lang: Lang): FieldError[] {
    const fn = this.compiled(id, schema);
    if (fn(doc)) return [];
    const errors = (fn.errors ?? []).filter((e) => e.keyword !== 'if');
    const context = {
      lang,
      tr: (key: string) => t(lang, key),
      schemaAt: (path: string[]) => schemaAtPath(schema, path),
      label: (node: JsonSchema | undefined, path: string[]) => (node?.title ? t(lang, node.title) : path[path.length - 1] ?? ''),
    };
    const seen = new Set<string>();
    return errors.map((e) => fieldErrorOf(e, context)).filter((e) => {
      const k = `${e.field}|${e.msg}`;
      return seen.has(k) ? false : (seen.add(k), true);
    });
  }
}

/** The translated title of a document path (`['medicines', '0', 'days']`). */
export function titleOf(schema: JsonSchema, path: string[], lang: Lang): string {
  const node = schemaAtPath(schema, path);
  return node?.title ? t(lang, node.title) : path[path.length - 1] ?? '';
}
