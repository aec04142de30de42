/**
 * Lookups of one open form: first the `resources.options` the form came with (keyed by field
 * path), else `POST /api/opts/{table or lookup}` with its parameters, each fetched once per form.
 */
import { fetchOptions, type Doc, type Option } from '../../api/index.ts';
import type { OptionSource } from './translateSchema.ts';

export type LoadOptions = (source: OptionSource, params?: Record<string, unknown>) => Promise<Option[]>;

const valueAt = (doc: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((cur, k) => (cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[k] : undefined), doc);

/**
 * The parameters of a lookup taken from the document being edited: the schema's
 * `x-options-params` (`{"unitId": "unitId"}` on the user's `view`: the views of the chosen unit),
 * made paths by `translateSchema`. Empty fields are left out.
 */
export function lookupParams(source: OptionSource, doc: Doc | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(source.params ?? {})
      .map(([param, path]) => [param, valueAt(doc, path)])
      .filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
}

export function createOptionsLoader(given: Record<string, Option[]> | undefined): LoadOptions {
  const cache = new Map<string, Promise<Option[]>>();
  return (source, params = {}) => {
    const preset = given?.[source.path];
    if (preset && !Object.keys(params).length) return Promise.resolve(preset);
    const name = source.ref ?? source.lookup;
    if (!name) return Promise.resolve([]);
    const key = `${name}?${JSON.stringify(params)}`;
    let pending = cache.get(key);
    if (!pending) {
      pending = fetchOptions(name, params).then((list) => (Array.isArray(list) ? list : []));
      pending.catch(() => cache.delete(key));
      cache.set(key, pending);
    }
    return pending;
  };
}

/** What {@link SchemaForm} hands its widgets and fields through rjsf's `formContext`. */
export interface SchemaFormContext {
  loadOptions: LoadOptions;
  /** The document as currently edited. */
  getDoc: () => Doc;
  /** Calls `listener` after every change of the document; returns the unsubscribe. */
  subscribe?: (listener: () => void) => () => void;
  /** The form's own lookup parameters; `undefined` ⇒ {@link lookupParams}. */
  lookupParams?: (source: OptionSource, doc: Doc) => Record<string, unknown> | undefined;
  /** Layout options of the @rjsf/antd templates. */
  labelAlign?: 'left' | 'right';
  colon?: boolean;
  colSpan?: number;
}
