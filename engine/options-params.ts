/**
 * `x-options-params`: where the values of a lookup's parameters come from in the edited document.
 *
 * A parameter names a field (`schema-format.md`):
 * - `"unitId"`, `"address.adminUnitId"` — from the object holding the property: its siblings; in a
 *   table row, fields of the same row; for a list of refs, siblings of the list;
 * - `"../workspace"` — from the object one level up (a row's `..` is the object holding the table);
 *   repeat for more levels;
 * - `"/workspace"` — from the document's root (the parent form's field, from inside a row).
 *
 * A place is a list of property names with `[]` for "a row of the array before it"
 * (`['medicines', '[]', 'medicineId']`), written `medicines[].medicineId`. The rows of a field's own
 * place are the only ones a parameter's place may contain, so the row indexes of the field
 * (`medicines[2]`) say which row's values to send.
 */
import type { JsonSchema } from './types.ts';

export const ROW = '[]';

/** The syntax of a parameter's field: `/a.b`, `../a`, `a.b`. */
export const PARAM_FIELD_PATTERN = '^(/|(\\.\\./)*)[A-Za-z0-9]+(\\.[A-Za-z0-9]+)*$';
const paramField = new RegExp(PARAM_FIELD_PATTERN);

/** `['medicines', '[]', 'medicineId']` ⇒ `medicines[].medicineId`. */
export const placeToString = (place: string[]): string =>
  place.reduce((out, seg) => (seg === ROW ? `${out}${ROW}` : out ? `${out}.${seg}` : seg), '');

/** `medicines[].medicineId` ⇒ `['medicines', '[]', 'medicineId']`. */
export const parsePlace = (text: string): string[] =>
  text ? text.split('.').flatMap((seg) => (seg.endsWith(ROW) ? [seg.slice(0, -ROW.length), ROW] : [seg])) : [];

/** The object one level up from `holder`: a row goes to the object holding its array. */
function up(holder: string[]): string[] | undefined {
  if (!holder.length) return undefined;
  return holder.at(-1) === ROW ? holder.slice(0, -2) : holder.slice(0, -1);
}

/**
 * The place of a parameter's field, given the place of the object holding the property
 * (`holder`); `undefined` when the text is malformed or climbs above the root.
 */
export function resolveParamField(holder: string[], field: string): string[] | undefined {
  if (!paramField.test(field)) return undefined;
  let base: string[] | undefined = holder;
  let rest = field;
  if (rest.startsWith('/')) {
    base = [];
    rest = rest.slice(1);
  }
  while (rest.startsWith('../')) {
    base = base && up(base);
    rest = rest.slice(3);
  }
  return base && [...base, ...rest.split('.')];
}

/**
 * The value at `place` in `doc`, each `[]` taking the next of `rows` (the row indexes of the field
 * asking); `undefined` when a row is not known or a step is missing.
 */
export function valueAtPlace(doc: unknown, place: string[], rows: number[] = []): unknown {
  let cur = doc;
  let row = 0;
  for (const seg of place) {
    if (seg === ROW) {
      if (!Array.isArray(cur) || row >= rows.length) return undefined;
      cur = cur[rows[row++]];
    } else {
      cur = cur && typeof cur === 'object' && !Array.isArray(cur) ? (cur as Record<string, unknown>)[seg] : undefined;
    }
  }
  return cur;
}

const isNode = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An `x-options-params` found in a schema: where it is and the place of the object holding its property. */
export interface ParamsUse {
  /** JSON pointer of the keyword's node (`/properties/medicines/items/properties/medicineId`). */
  pointer: string;
  holder: string[];
  params: Record<string, unknown>;
}

/** Every `x-options-params` of a schema file's properties, nested objects and rows included. */
export function paramsUses(schema: JsonSchema): ParamsUse[] {
  const found: ParamsUse[] = [];
  const visit = (node: JsonSchema, pointer: string, holder: string[], place: string[]) => {
    if (isNode(node['x-options-params'])) found.push({ pointer, holder, params: node['x-options-params'] as Record<string, unknown> });
    if (isNode(node.properties)) {
      for (const [key, child] of Object.entries(node.properties)) {
        if (isNode(child)) visit(child, `${pointer}/properties/${key}`, place, [...place, key]);
      }
    }
    if (isNode(node.items)) {
      // a list of refs: its parameters are the list's siblings; a table: its rows are objects
      if (isNode(node.items.properties)) visit(node.items, `${pointer}/items`, holder, [...place, ROW]);
      else visit(node.items, `${pointer}/items`, holder, place);
    }
  };
  visit(schema, '', [], []);
  return found;
}

/**
 * Whether `place` names a field of `schema`: each name a property, each `[]` the items of an
 * array. `undefined` ("cannot tell") where the way passes a `$ref` to another file.
 */
export function fieldExists(schema: JsonSchema, place: string[]): boolean | undefined {
  let cur: JsonSchema | undefined = schema;
  for (const seg of place) {
    if (!cur) return false;
    if (typeof cur.$ref === 'string') return undefined;
    cur = seg === ROW ? (isNode(cur.items) ? cur.items : undefined) : isNode(cur.properties) ? cur.properties[seg] : undefined;
  }
  return cur ? (typeof cur.$ref === 'string' ? undefined : true) : false;
}

/**
 * The problem with one parameter's field, if any: malformed, above the root, or not a field (a name
 * never steps into a table's rows: only `..` and `/` leave the field's own row).
 */
export function paramFieldProblem(schema: JsonSchema, holder: string[], field: unknown): string | undefined {
  if (typeof field !== 'string') return 'must be a string';
  const place = resolveParamField(holder, field);
  if (!place) return `"${field}" is not a field path (name, a.b, ../name or /name) inside the document`;
  if (fieldExists(schema, place) === false) return `unknown field "${placeToString(place)}"`;
  return undefined;
}
