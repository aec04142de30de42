/**
 * Where the form shows a validation error. rjsf files an error under the exact path of the value
 * (`profiles.0`), but a value drawn as one control — a multi-select of references, a custom field
 * such as the permission tree — has no sub-fields to show it under: the error is moved to that
 * control. An error of a field that is not drawn (a hidden widget) is listed in the form's error
 * alert instead, so that a refused save is never silent.
 */
import { toPath, type RJSFValidationError } from '@rjsf/utils';

type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const isIndex = (s: string) => /^\d+$/.test(s);
/** Draws the whole value itself: rjsf does not go below it. */
const ownsValue = (ui: Node | undefined) => !!ui && (typeof ui['ui:field'] === 'string' || (typeof ui['ui:widget'] === 'string' && ui['ui:widget'] !== ''));

export interface Placement {
  /** The path of the control that shows the error. */
  path: string[];
  /** False when that control is not drawn. */
  shown: boolean;
}

/** The control showing an error of the value at `path` (`['profiles', '0']`). */
export function placeError(path: string[], uiSchema: Node | undefined): Placement {
  let ui: Node | undefined = uiSchema;
  for (let i = 0; i < path.length; i++) {
    if (i > 0 && ownsValue(ui)) return { path: path.slice(0, i), shown: ui!['ui:widget'] !== 'hidden' };
    const next: unknown = isIndex(path[i]) ? ui?.items : ui?.[path[i]];
    ui = isNode(next) ? next : undefined;
  }
  return { path, shown: ui?.['ui:widget'] !== 'hidden' };
}

const toProperty = (path: string[]) => (path.length ? `.${path.join('.')}` : '.');

/** rjsf's `transformErrors`: errors inside a value drawn as one control go to that control. */
export function liftErrors(errors: RJSFValidationError[], uiSchema: Node | undefined): RJSFValidationError[] {
  return errors.map((e) => {
    const path = e.property ? toPath(e.property).map(String) : [];
    const placed = placeError(path, uiSchema);
    return placed.path.length === path.length ? e : { ...e, property: toProperty(placed.path) };
  });
}

/** The title of the field at `path` in a (translated) schema, if it has one. */
export function titleAt(schema: Node, path: string[]): string | undefined {
  let node: unknown = schema;
  for (const part of path) {
    if (!isNode(node)) return undefined;
    node = isIndex(part) ? node.items : isNode(node.properties) ? node.properties[part] : undefined;
  }
  return isNode(node) && typeof node.title === 'string' ? node.title : undefined;
}

/** The errors of fields that are not drawn, as `«Title»: message` lines for the error alert. */
export function unshownErrors(errors: RJSFValidationError[], schema: Node, uiSchema: Node | undefined): string[] {
  return errors.flatMap((e) => {
    const path = e.property ? toPath(e.property).map(String) : [];
    const placed = placeError(path, uiSchema);
    if (placed.shown) return [];
    const title = titleAt(schema, placed.path) ?? placed.path.join('.');
    const msg = e.message ?? '';
    // the validator's messages already start with the field's title (engine/validation-messages.ts)
    return [msg.startsWith(`${title}: `) ? msg : `«${title}»: ${msg}`.trim()];
  });
}
