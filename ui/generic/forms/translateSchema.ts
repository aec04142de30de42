/**
 * Prepares a schema from the server for rjsf: titles (i18n keys) become labels, local `$ref`s are
 * inlined, and the `x-*` keywords become uiSchema entries:
 *
 * - `x-enum: "unitType"` ⇒ `ui:enumNames` from `unitType.<value>`;
 * - `x-ref` / `x-options` (also on array items) ⇒ the `RefWidget` with `ui:options.source`, whose
 *   `params` are the `x-options-params` made places in the document (`engine/options-params.ts`:
 *   siblings, fields of the same row, of the parent form, of the root);
 * - `x-readonly` ⇒ `ui:readonly`;
 * - an `enum` drawn as a select ⇒ {@link EnumSelect} (no blank first option, a placeholder);
 *   `"ui:widget": "intSelect"` ⇒ {@link IntegerSelect} (the numbers from `minimum` to `maximum`);
 * - an array of objects picking from `perms-tree` ⇒ the `PermissionTree` field;
 * - any other array of objects ⇒ a table (`table/`: column headers, one row a line, 'Добавить').
 *
 * The input is never modified.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { placeToString, resolveParamField, ROW } from '../../../engine/options-params.ts';
import { TableArrayTemplate } from './table/TableArrayTemplate.tsx';
import { TableRowTemplate } from './table/TableRowTemplate.tsx';
import { TableCellsTemplate } from './table/TableCellsTemplate.tsx';
import { EnumSelect } from './EnumSelect.tsx';
import { INT_SELECT, IntegerSelect } from './IntegerSelect.tsx';

export type Translate = (key: string) => string;
type Node = Record<string, unknown>;

/** Where a ref widget takes its options from. */
export interface OptionSource {
  /** Dotted field path (`address.adminUnitId`), the key into `resources.options`. */
  path: string;
  /** Table name of an `x-ref`. */
  ref?: string;
  /** Named lookup of an `x-options`. */
  lookup?: string;
  /**
   * `x-options-params` with each field made a place in the document (`medicines[].doseUnit`: that
   * field of the row the asking field is in): lookup parameter ⇒ the field whose value is sent
   * (`{unitId: 'unitId'}`); the options are read again when it changes.
   */
  params?: Record<string, string>;
  /** The field's own place when it is inside table rows (`medicines[].medicineId`): its id gives the rows. */
  at?: string;
}

const UI_TEXT_KEYS = ['ui:title', 'ui:description', 'ui:placeholder', 'ui:help'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];
const SUBSCHEMAS = ['if', 'then', 'else', 'not', 'additionalProperties'];
const MAX_REF_DEPTH = 8;
/** The named lookup that answers with a tree: arrays of items choosing from it get the tree field. */
export const TREE_LOOKUP = 'perms-tree';

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

function resolvePointer(root: Node, ref: string): Node | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let cur: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    cur = isNode(cur) ? cur[part] : undefined;
  }
  return isNode(cur) ? cur : undefined;
}

/**
 * `x-options-params` (parameter ⇒ field, relative to `holder`, the object holding the property) as
 * parameter ⇒ place from the document's root; fields that do not resolve are left out (the
 * meta-check refuses them in `schemas/`).
 */
function paramsOf(node: Node, holder: string[]): Record<string, string> | undefined {
  const given = node['x-options-params'];
  if (!isNode(given)) return undefined;
  const entries = Object.entries(given).flatMap(([param, field]) => {
    const place = typeof field === 'string' ? resolveParamField(holder, field) : undefined;
    return place ? [[param, placeToString(place)] as const] : [];
  });
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/** `place`: the field's place (`[]` for rows); `holder`: that of the object its parameters are relative to. */
function sourceOf(node: Node, path: string[], place: string[], holder: string[]): OptionSource | undefined {
  const ref = typeof node['x-ref'] === 'string' ? node['x-ref'] : undefined;
  const lookup = typeof node['x-options'] === 'string' ? node['x-options'] : undefined;
  if (!ref && !lookup) return undefined;
  const source: OptionSource = { path: path.join('.'), ref, lookup };
  const params = paramsOf(node, holder);
  if (params) source.params = params;
  if (place.includes(ROW)) source.at = placeToString(place);
  return source;
}

/** The item property that picks from the permission tree, if any. */
function treeKey(items: Node): string | undefined {
  if (!isNode(items.properties)) return undefined;
  return Object.entries(items.properties).find(([, p]) => isNode(p) && p['x-options'] === TREE_LOOKUP)?.[0];
}

function ensureUi(ui: Node, key: string): Node {
  if (!isNode(ui[key])) ui[key] = {};
  return ui[key] as Node;
}

function setWidget(ui: Node, source: OptionSource, multiple: boolean): void {
  if (!ui['ui:widget']) ui['ui:widget'] = 'RefWidget';
  const options = isNode(ui['ui:options']) ? ui['ui:options'] : {};
  ui['ui:options'] = { ...options, source, multiple };
}

/**
 * An array of objects is a table: one row a line under column headers (`forms/table/`); the
 * cells carry no labels of their own. A layout that names its own templates keeps them.
 */
function asTable(ui: Node, itemsUi: Node, keys: string[]): void {
  ui['ui:ArrayFieldTemplate'] ??= TableArrayTemplate;
  ui['ui:ArrayFieldItemTemplate'] ??= TableRowTemplate;
  itemsUi['ui:ObjectFieldTemplate'] ??= TableCellsTemplate;
  for (const key of keys) ensureUi(itemsUi, key)['ui:label'] ??= false;
}

function translateUiTexts(ui: Node, t: Translate): void {
  for (const key of UI_TEXT_KEYS) if (typeof ui[key] === 'string') ui[key] = t(ui[key] as string);
  for (const [k, v] of Object.entries(ui)) if (!k.startsWith('ui:') && isNode(v)) translateUiTexts(v, t);
}

/** `path`: the field's dotted path without rows; `place`: the same with `[]` for each row. */
function walk(node: Node, ui: Node, path: string[], place: string[], root: Node, t: Translate, depth: number): Node {
  if (typeof node.$ref === 'string' && depth < MAX_REF_DEPTH) {
    const target = resolvePointer(root, node.$ref);
    if (target) {
      const { $ref: _ignored, ...siblings } = node;
      return walk({ ...target, ...siblings }, ui, path, place, root, t, depth + 1);
    }
  }
  const out: Node = { ...node };
  if (typeof out.title === 'string') out.title = t(out.title);
  if (typeof out.description === 'string') out.description = t(out.description);

  if (typeof node['x-enum'] === 'string' && Array.isArray(node.enum)) {
    const prefix = node['x-enum'];
    ui['ui:enumNames'] = node.enum.map((v) => t(`${prefix}.${String(v)}`));
  }
  const own = sourceOf(node, path, place, place.slice(0, -1));
  if (own) setWidget(ui, own, false);
  else if (Array.isArray(node.enum) && node.type !== 'array' && (!ui['ui:widget'] || ui['ui:widget'] === 'select')) ui['ui:widget'] = EnumSelect;
  if (ui['ui:widget'] === INT_SELECT) ui['ui:widget'] = IntegerSelect;
  if (node['x-readonly'] === true) ui['ui:readonly'] = true;
  // a date picker reads its bounds by its place in the document
  if (node.format === 'date' && node.type !== 'array') ui['ui:options'] = { ...(isNode(ui['ui:options']) ? ui['ui:options'] : {}), place: placeToString(place) };

  if (isNode(node.properties)) {
    const props: Node = {};
    for (const [key, child] of Object.entries(node.properties)) {
      props[key] = isNode(child) ? walk(child, ensureUi(ui, key), [...path, key], [...place, key], root, t, depth) : child;
    }
    out.properties = props;
  }
  if (isNode(node.items)) {
    const items = node.items;
    const tree = treeKey(items);
    if (tree) {
      ui['ui:field'] = 'PermissionTree';
      ui['ui:options'] = { ...(isNode(ui['ui:options']) ? ui['ui:options'] : {}), valueKey: tree, source: { path: path.join('.'), lookup: TREE_LOOKUP } };
    }
    // a list of refs is one multi-select whose parameters are the list's siblings; a table's rows are objects
    const itemSource = sourceOf(items, path, place, place.slice(0, -1));
    if (itemSource && !isNode(items.properties)) {
      setWidget(ui, itemSource, true);
      out.items = walk(items, {}, path, place, root, t, depth);
    } else {
      const itemsUi = ensureUi(ui, 'items');
      out.items = walk(items, itemsUi, path, [...place, ROW], root, t, depth);
      if (!tree && isNode(items.properties)) asTable(ui, itemsUi, Object.keys(items.properties));
    }
  }
  for (const key of SUBSCHEMA_LISTS) {
    if (Array.isArray(node[key])) {
      out[key] = (node[key] as unknown[]).map((s) => (isNode(s) ? walk(s, ui, path, place, root, t, depth) : s));
    }
  }
  for (const key of SUBSCHEMAS) if (isNode(node[key])) out[key] = walk(node[key] as Node, ui, path, place, root, t, depth);
  if (isNode(node.dependencies)) {
    const deps: Node = {};
    for (const [k, v] of Object.entries(node.dependencies)) deps[k] = isNode(v) ? walk(v, ui, path, place, root, t, depth) : v;
    out.dependencies = deps;
  }
  return out;
}

export interface PreparedForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

/** Translates `schema` and derives the uiSchema additions; `uiSchema` is the server's (or `x-layout`). */
export function translateSchema(schema: Node, uiSchema: Node | undefined, t: Translate): PreparedForm {
  const ui: Node = structuredClone(isNode(uiSchema) ? uiSchema : isNode(schema['x-layout']) ? schema['x-layout'] : {});
  delete ui['x-form'];
  translateUiTexts(ui, t);
  // the entity title is the screen's or dialog's heading, not the form's
  const { $schema: _draft, title: _title, ...rest } = schema;
  const out = walk(rest, ui, [], [], schema, t, 0);
  return { schema: out as RJSFSchema, uiSchema: ui as UiSchema };
}
