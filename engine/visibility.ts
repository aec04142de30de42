/**
 * Conditional fields: the one declaration (`x-visible`) read by the browser form, the read-only view
 * and the server.
 *
 * `x-visible` sits on the object holding the fields (the file, a nested object, an array's `items`)
 * and maps a field to its condition: another field — written as in `x-options-params`: a sibling
 * `name` or `a.b`, one object up `../name`, from the root `/name` — `equals` a value, is `in` a list,
 * or is `notEmpty`; `not: true` inverts it; `required: true` makes the field required while shown.
 *
 * @example
 *   // schema: {"x-visible": {"numberOfAFB": {"field": "result", "equals": "POSITIVE", "required": true}}, …}
 *   visibleFields(schema, { result: 'NEGATIVE', numberOfAFB: 3 }) // ⇒ {hidden: ['numberOfAFB'], required: []}
 *   visibleFields(schema, { result: 'POSITIVE' })                 // ⇒ {hidden: [], required: ['numberOfAFB']}
 */
import { resolveParamField, ROW, valueAtPlace } from './options-params.ts';
import { getPath } from './path.ts';
import type { JsonSchema } from './types.ts';

export interface VisibleCondition {
  field: string;
  equals?: unknown;
  in?: unknown[];
  notEmpty?: boolean;
  not?: boolean;
  required?: boolean;
}

/** One declared condition: the place of the object holding the field (`[]` for rows), the field, the rule. */
export interface ConditionUse {
  holder: string[];
  name: string;
  rule: VisibleCondition;
  /** JSON pointer of the `x-visible` entry (for the meta-check's messages). */
  pointer: string;
}

const isNode = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every `x-visible` entry of a schema, nested objects and table rows included. */
export function conditionUses(schema: JsonSchema): ConditionUse[] {
  const found: ConditionUse[] = [];
  const visit = (node: JsonSchema, pointer: string, place: string[]) => {
    if (isNode(node['x-visible'])) {
      for (const [name, rule] of Object.entries(node['x-visible'] as Record<string, VisibleCondition>)) {
        if (isNode(rule)) found.push({ holder: place, name, rule, pointer: `${pointer}/x-visible/${name}` });
      }
    }
    if (isNode(node.properties)) {
      for (const [key, child] of Object.entries(node.properties)) if (isNode(child)) visit(child, `${pointer}/properties/${key}`, [...place, key]);
    }
    if (isNode(node.items) && isNode(node.items.properties)) visit(node.items, `${pointer}/items`, [...place, ROW]);
  };
  visit(schema, '', []);
  return found;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);

/** Whether a condition holds for the value of its field. */
export function holds(rule: VisibleCondition, value: unknown): boolean {
  const yes = 'equals' in rule ? value === rule.equals : Array.isArray(rule.in) ? rule.in.includes(value) : rule.notEmpty ? !isEmpty(value) : true;
  return rule.not ? !yes : yes;
}

/** The concrete row indexes of every instance of a place in `doc` (`['rows','[]']` ⇒ `[[0],[1]]`). */
function instances(doc: unknown, place: string[]): { path: string[]; rows: number[] }[] {
  let out: { path: string[]; rows: number[]; node: unknown }[] = [{ path: [], rows: [], node: doc }];
  for (const seg of place) {
    out = out.flatMap((x) => {
      if (seg !== ROW) return [{ path: [...x.path, seg], rows: x.rows, node: isNode(x.node) ? (x.node as Record<string, unknown>)[seg] : undefined }];
      return Array.isArray(x.node) ? x.node.map((item, i) => ({ path: [...x.path, String(i)], rows: [...x.rows, i], node: item })) : [];
    });
  }
  return out.filter((x) => isNode(x.node)).map(({ path, rows }) => ({ path, rows }));
}

function evaluate(uses: ConditionUse[], doc: unknown) {
  const hidden: string[][] = [];
  const required: string[][] = [];
  for (const use of uses) {
    const place = resolveParamField(use.holder, use.rule.field);
    for (const at of instances(doc, use.holder)) {
      const shown = !!place && holds(use.rule, valueAtPlace(doc, place, at.rows));
      if (!shown) hidden.push([...at.path, use.name]);
      else if (use.rule.required) required.push([...at.path, use.name]);
    }
  }
  return { hidden, required };
}

function remove(doc: unknown, path: string[]): boolean {
  const parent = getPath(doc, path.slice(0, -1));
  const key = path[path.length - 1];
  if (!isNode(parent) || !(key in parent)) return false;
  delete (parent as Record<string, unknown>)[key];
  return true;
}

/**
 * The fields of `doc` hidden by their conditions and those required because shown, as dotted paths
 * (`results.2.numberOfAFB`). A condition reads the document without the hidden values, so a field
 * shown only when a hidden one is filled is hidden too (the registration unit once the workspace is).
 */
export function visibleFields(schema: JsonSchema, doc: unknown): { hidden: string[]; required: string[] } {
  const uses = conditionUses(schema);
  let work = doc;
  let result = evaluate(uses, work);
  for (let i = 0; i < uses.length && result.hidden.length; i++) {
    if (work === doc) work = structuredClone(doc);
    if (!result.hidden.map((p) => remove(work, p)).some(Boolean)) break;
    result = evaluate(uses, work);
  }
  return { hidden: result.hidden.map((p) => p.join('.')), required: result.required.map((p) => p.join('.')) };
}

/** The property schema at a dotted document path (row indexes step into `items`). */
function propAt(schema: JsonSchema, path: string[]): JsonSchema | undefined {
  let cur: JsonSchema | undefined = schema;
  for (const seg of path) cur = /^\d+$/.test(seg) && isNode(cur?.items) ? cur.items : isNode(cur?.properties) ? cur.properties[seg] : undefined;
  return cur;
}

/**
 * Takes the values of hidden fields out of `doc` (in place, and returns it); a hidden field that
 * declares a `default` keeps that default (a laboratory's `tbFacility` flag stays `false`). The
 * server saves what is left; the browser form does the same as the user types.
 *
 * @example dropHidden(schema, { result: 'NEGATIVE', numberOfAFB: 3 }) // ⇒ { result: 'NEGATIVE' }
 */
export function dropHidden<T>(schema: JsonSchema, doc: T): T {
  for (const key of visibleFields(schema, doc).hidden) {
    const path = key.split('.');
    remove(doc, path);
    const def = propAt(schema, path)?.default;
    const parent = getPath(doc, path.slice(0, -1));
    if (def !== undefined && isNode(parent)) (parent as Record<string, unknown>)[path[path.length - 1]] = structuredClone(def);
  }
  return doc;
}

/** The JSON Schema test of a condition on the field at `path` (below the object it is written on). */
function test(path: string[], rule: VisibleCondition): JsonSchema {
  const leaf: JsonSchema = 'equals' in rule ? { const: rule.equals } : Array.isArray(rule.in) ? { enum: rule.in } : rule.notEmpty ? { not: { enum: [null, '', []] } } : {};
  const positive = path.reduceRight<JsonSchema>((inner, seg) => ({ properties: { [seg]: inner }, required: [seg] }), leaf);
  return rule.not ? { not: positive } : positive;
}

/** `{required: [name]}` placed at `path` below the object it is written on (`[]` steps into rows). */
function requireAt(path: string[], name: string): JsonSchema {
  return path.reduceRight<JsonSchema>((inner, seg) => (seg === ROW ? { items: inner } : { properties: { [seg]: inner } }), { required: [name] });
}

/** The schema node at a place (`[]` steps into rows). */
function nodeAt(schema: JsonSchema, place: string[]): JsonSchema | undefined {
  let cur: JsonSchema | undefined = schema;
  for (const seg of place) cur = seg === ROW ? (isNode(cur?.items) ? cur.items : undefined) : isNode(cur?.properties) ? cur.properties[seg] : undefined;
  return cur;
}

/**
 * A copy of `schema` where each field declared `required` while shown is required through
 * `if`/`then` on the nearest object holding both it and its condition's field — what ajv (server
 * and browser) and rjsf (the required mark in each row) understand.
 *
 * @example withConditions(schema).allOf // ⇒ [{if: {properties: {result: {const: 'POSITIVE'}}, required: ['result']}, then: {required: ['numberOfAFB']}}]
 */
export function withConditions(schema: JsonSchema): JsonSchema {
  const uses = conditionUses(schema).filter((u) => u.rule.required);
  if (!uses.length) return schema;
  const out = structuredClone(schema);
  for (const use of uses) {
    const place = resolveParamField(use.holder, use.rule.field);
    if (!place) continue;
    let n = 0;
    while (n < use.holder.length && n < place.length - 1 && use.holder[n] === place[n]) n++;
    const anchor = nodeAt(out, use.holder.slice(0, n));
    if (!anchor) continue;
    const rule = { if: test(place.slice(n), use.rule), then: requireAt(use.holder.slice(n), use.name) };
    anchor.allOf = [...((anchor.allOf as JsonSchema[]) ?? []), rule];
  }
  return out;
}
