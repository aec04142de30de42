/**
 * The columns of a table field (an array of objects drawn one row a line): its rows' fields in
 * the order of the rows' uiSchema, each with its title, whether it is required, and a share of
 * the width by what it holds (a picker wider than a number).
 *
 * @example
 *   tableColumns(regimenSchema.properties.medicines.items, ui.medicines.items)
 *   // → [{key: 'medicineId', title: 'Препарат', required: true, width: 3}, …]
 */
import { orderProperties, type RJSFSchema } from '@rjsf/utils';

export interface TableColumn {
  key: string;
  title: string;
  required: boolean;
  /** Share of the row's width (CSS `fr`). */
  width: number;
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

function widthOf(p: Node, ui: Node | undefined): number {
  if (typeof p['x-ref'] === 'string' || typeof p['x-options'] === 'string' || ui?.['ui:widget'] === 'RefWidget') return 4;
  if (Array.isArray(p.enum)) return 1.4;
  if (p.type === 'integer' || p.type === 'number') return 1;
  if (p.type === 'boolean') return 0.6;
  return typeof p.maxLength === 'number' && p.maxLength <= 30 ? 1.2 : 2;
}

/** `items`: the rows' schema (translated titles); `itemsUi`: the rows' uiSchema. */
export function tableColumns(items: RJSFSchema | undefined, itemsUi: Node | undefined): TableColumn[] {
  const props = isNode(items?.properties) ? (items!.properties as Record<string, Node>) : {};
  const required = new Set(Array.isArray(items?.required) ? items!.required : []);
  const given = Array.isArray(itemsUi?.['ui:order']) ? (itemsUi!['ui:order'] as string[]) : undefined;
  let keys = Object.keys(props);
  try {
    if (given) keys = orderProperties(keys, given);
  } catch {
    /* an order naming unknown fields: keep the schema's */
  }
  return keys
    .filter((k) => {
      const ui = itemsUi?.[k];
      return !(isNode(ui) && ui['ui:widget'] === 'hidden');
    })
    .map((key) => {
      const p = isNode(props[key]) ? props[key] : {};
      const ui = isNode(itemsUi?.[key]) ? (itemsUi![key] as Node) : undefined;
      return { key, title: typeof p.title === 'string' ? p.title : key, required: required.has(key), width: widthOf(p, ui) };
    });
}

/** The CSS grid template of the columns, the same for the header and every row. */
export const gridTemplate = (columns: TableColumn[]) => columns.map((c) => `minmax(0, ${c.width}fr)`).join(' ');

/** Whether a form has a table field at its top level (its dialog is drawn wider). */
export function hasTable(schema: Record<string, unknown> | undefined): boolean {
  const props = isNode(schema?.properties) ? Object.values(schema!.properties as Node) : [];
  return props.some((p) => isNode(p) && p.type === 'array' && isNode(p.items) && isNode(p.items.properties) && !Object.values(p.items.properties).some((q) => isNode(q) && q['x-options'] === 'perms-tree'));
}

/** The width of a modal form: wider with a table in it. */
export const dialogWidth = (schema: Record<string, unknown> | undefined, given?: number) => given ?? (hasTable(schema) ? 960 : 640);
