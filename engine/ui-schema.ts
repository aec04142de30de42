import type { EntitySchemaFile, JsonSchema } from './types.ts';

export type UiSchema = Record<string, any>;

/**
 * The rjsf uiSchema of a schema: its `x-layout`, plus a widget per field derived from the metadata
 * (`ref`/`refs` for table lookups, `options` for named lookups, read-only computed fields). The
 * form reads `x-visible` conditions from the schema itself (`engine/visibility.ts`).
 */
export function deriveUiSchema(schema: EntitySchemaFile): UiSchema {
  const { 'x-form': _form, ...layout } = (schema['x-layout'] ?? {}) as Record<string, any>;
  const ui: UiSchema = fieldsUi(schema.properties ?? {});
  for (const [k, v] of Object.entries(layout)) ui[k] = isObject(v) ? mergeUi(ui[k] ?? {}, v) : v;
  return ui;
}

const isObject = (v: unknown): v is Record<string, any> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The layout's entries win, but objects (`ui:options`, nested fields) merge with what was derived. */
function mergeUi(derived: UiSchema, layout: UiSchema): UiSchema {
  const out: UiSchema = { ...derived };
  for (const [k, v] of Object.entries(layout)) out[k] = isObject(v) && isObject(out[k]) ? mergeUi(out[k], v) : v;
  return out;
}

function fieldsUi(props: Record<string, JsonSchema>): UiSchema {
  const ui: UiSchema = {};
  for (const [name, s] of Object.entries(props)) {
    const u: UiSchema = {};
    const items = s.items as JsonSchema | undefined;
    if (s['x-ref']) u['ui:widget'] = 'ref';
    else if (items?.['x-ref']) u['ui:widget'] = 'refs';
    else if (s['x-options']) u['ui:widget'] = 'options';
    if (s['x-ref'] || items?.['x-ref']) u['ui:options'] = { table: s['x-ref'] ?? items?.['x-ref'] };
    if (s['x-options']) u['ui:options'] = { lookup: s['x-options'] };
    if (s['x-enum']) u['ui:options'] = { ...u['ui:options'], enumPrefix: s['x-enum'] };
    if (s['x-readonly']) u['ui:readonly'] = true;
    if (s['x-hidden']) u['ui:widget'] = 'hidden';
    if (s.type === 'string' && !s.maxLength && !s.format && !s.enum && !s['x-ref'] && !s['x-options']) u['ui:widget'] ??= 'textarea';
    if (s.properties) Object.assign(u, fieldsUi(s.properties));
    if (items?.properties) u.items = fieldsUi(items.properties);
    if (Object.keys(u).length) ui[name] = u;
  }
  return ui;
}
