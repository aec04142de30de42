/**
 * Conditional fields: the one declaration (`x-visible`) read by the browser form, the read-only view
 * and the server.
 *
 * `x-visible` sits on the object holding the fields (the file, a nested object, an array's `items`)
 * and maps a field to its condition, written in the platform's one condition language
 * (`engine/condition/`, docs/conditions.md) with `field` subjects — another field written as in
 * `x-options-params`: a sibling `name` or `a.b`, one object up `../name`, from the root `/name`.
 * `required: true` beside the condition makes the field required while shown.
 *
 * @example
 *   // schema: {"x-visible": {"numberOfAFB": {"field": "result", "equals": "POSITIVE", "required": true}}, …}
 *   visibleFields(schema, { result: 'NEGATIVE', numberOfAFB: 3 }) // ⇒ {hidden: ['numberOfAFB'], required: []}
 *   visibleFields(schema, { result: 'POSITIVE' })                 // ⇒ {hidden: [], required: ['numberOfAFB']}
 */
import { holds, subjectsOf, type Condition, type VisibleCondition } from './condition/index.ts';
import { conditionJsonSchema } from './condition/json-schema.ts';
import { resolveParamField, ROW, valueAtPlace } from './options-params.ts';
import { getPath } from './path.ts';
import type { JsonSchema } from './types.ts';

export type { VisibleCondition };

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

/** The places of the fields a condition reads from an object at `holder`; undefined when one is no path. */
function placesRead(holder: string[], c: Condition): Map<string, string[]> | undefined {
  const places = new Map<string, string[]>();
  // the fields it reads: its leaves' and its spans' dates
  for (const f of subjectsOf(c, true)) {
    const place = resolveParamField(holder, f);
    if (!place) return undefined;
    places.set(f, place);
  }
  return places;
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
    const places = placesRead(use.holder, use.rule);
    for (const at of instances(doc, use.holder)) {
      const shown = !!places && holds(use.rule, (f) => valueAtPlace(doc, places.get(f)!, at.rows));
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
    const rule = requiredRule(use);
    if (typeof rule === 'string') continue;
    const anchor = nodeAt(out, rule.anchor);
    if (anchor) anchor.allOf = [...((anchor.allOf as JsonSchema[]) ?? []), { if: rule.test, then: rule.then }];
  }
  return out;
}

/**
 * The `if`/`then` requiring a field while shown, and the place of the object it sits on: the nearest
 * holding the field and every field its condition reads — or why none can be written (a field no
 * path; a span, which JSON Schema cannot count; a condition reading a row's field and a field outside
 * the rows, which one test of the rows' holder cannot say row by row). The meta-check refuses the latter.
 * @example requiredRule(use) // { anchor: [], test: { properties: { result: { const: 'POSITIVE' } }, required: ['result'] }, then: { required: ['numberOfAFB'] } }
 */
export function requiredRule(use: ConditionUse): { anchor: string[]; test: JsonSchema; then: JsonSchema } | string {
  const places = placesRead(use.holder, use.rule);
  if (!places) return 'a field it reads is no path';
  let n = 0;
  const common = (k: number) => k < use.holder.length && [...places.values()].every((p) => k < p.length - 1 && p[k] === use.holder[k]);
  while (common(n)) n++;
  if ([...places.values()].some((p) => p.slice(n).includes(ROW))) return "it reads a row's field beside a field outside the rows";
  const test = conditionJsonSchema(use.rule, (f) => places.get(f)!.slice(n));
  if (!test) return 'a span cannot make a field required (ajv cannot count months): show the field only';
  return { anchor: use.holder.slice(0, n), test, then: requireAt(use.holder.slice(n), use.name) };
}
