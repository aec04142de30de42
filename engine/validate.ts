import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import localizeEn from 'ajv-i18n/localize/en/index.js';
import localizeRu from 'ajv-i18n/localize/ru/index.js';
import { t, type Lang } from './i18n.ts';
import { stripX } from './meta-check.ts';
import type { JsonSchema } from './types.ts';

export interface FieldError {
  field: string | null;
  msg: string;
}

/**
 * Compiles schemas with ajv (the same on the server and in the browser) and turns ajv's errors into
 * `{field, msg}` pairs whose message names the field by its translated title.
 */
export class Validators {
  private ajv = new Ajv2020({ allErrors: true, strict: false, useDefaults: false, coerceTypes: false });
  private cache = new Map<string, ValidateFunction>();

  constructor() {
    (addFormats as unknown as (a: Ajv2020) => void)(this.ajv);
  }

  private compiled(id: string, schema: JsonSchema): ValidateFunction {
    let fn = this.cache.get(id);
    if (!fn) {
      const plain = stripX(schema);
      delete plain.$id;
      fn = this.ajv.compile(plain);
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
    ((lang === 'en' ? localizeEn : localizeRu) as unknown as (e: ErrorObject[]) => void)(errors);
    const seen = new Set<string>();
    return errors.map((e) => toFieldError(e, schema, lang)).filter((e) => {
      const k = `${e.field}|${e.msg}`;
      return seen.has(k) ? false : (seen.add(k), true);
    });
  }
}

function toFieldError(e: ErrorObject, schema: JsonSchema, lang: Lang): FieldError {
  const path = e.instancePath.split('/').filter(Boolean);
  if (e.keyword === 'required') {
    const field = [...path, (e.params as { missingProperty: string }).missingProperty];
    return { field: field.join('.'), msg: `${titleOf(schema, field, lang)}: ${t(lang, 'msg.required')}` };
  }
  if (e.keyword === 'additionalProperties') {
    const field = [...path, (e.params as { additionalProperty: string }).additionalProperty];
    return { field: field.join('.'), msg: `${field.join('.')}: ${t(lang, 'msg.unknownField')}` };
  }
  const field = path.join('.') || null;
  return { field, msg: field ? `${titleOf(schema, path, lang)}: ${e.message}` : (e.message ?? '') };
}

/** The translated title of a document path (`['medicines', '0', 'days']`). */
export function titleOf(schema: JsonSchema, path: string[], lang: Lang): string {
  let node: JsonSchema | undefined = schema;
  for (const part of path) {
    if (!node) break;
    node = /^\d+$/.test(part) ? node.items : node.properties?.[part];
  }
  return node?.title ? t(lang, node.title) : path[path.length - 1] ?? '';
}
