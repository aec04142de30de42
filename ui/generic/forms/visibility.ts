/**
 * The schema's `x-visible` rules: `{ "<field>": {"field": "<other>", "equals": value} }` (also
 * `notEmpty: true`). A field whose rule fails is taken out of the schema shown to rjsf, so it is
 * neither drawn nor validated nor submitted.
 */
import type { RJSFSchema } from '@rjsf/utils';

export interface VisibilityRule {
  field: string;
  equals?: unknown;
  notEmpty?: boolean;
}

const getPath = (doc: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((cur, k) => (cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[k] : undefined), doc);

export function ruleHolds(rule: VisibilityRule, doc: unknown): boolean {
  const value = getPath(doc, rule.field);
  if ('equals' in rule) return value === rule.equals;
  if (rule.notEmpty) return value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && !value.length);
  return true;
}

function without(schema: Record<string, unknown>, path: string[]): Record<string, unknown> {
  const [head, ...rest] = path;
  const props = schema.properties as Record<string, Record<string, unknown>> | undefined;
  if (!props || !(head in props)) return schema;
  if (rest.length) return { ...schema, properties: { ...props, [head]: without(props[head], rest) } };
  const { [head]: _gone, ...kept } = props;
  const required = Array.isArray(schema.required) ? (schema.required as string[]).filter((r) => r !== head) : schema.required;
  return { ...schema, properties: kept, required };
}

/** `schema` without the fields whose `x-visible` rule fails for `doc`. */
export function applyVisibility(schema: RJSFSchema, rules: Record<string, VisibilityRule> | undefined, doc: unknown): RJSFSchema {
  if (!rules) return schema;
  let out = schema as Record<string, unknown>;
  for (const [field, rule] of Object.entries(rules)) {
    if (!ruleHolds(rule, doc)) out = without(out, field.split('.'));
  }
  return out as RJSFSchema;
}
