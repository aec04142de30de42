/**
 * Lookups of one open form: first the `resources.options` the form came with (keyed by field
 * path), else `POST /api/opts/{table or lookup}` with its parameters, each fetched once per form.
 */
import { fetchOptions, type Doc, type Option } from '../../api/index.ts';
import { parsePlace, ROW, valueAtPlace } from '../../../engine/options-params.ts';
import type { OptionSource } from './translateSchema.ts';
import { withAdminUnitPaths } from './adminUnitPaths.ts';

export type LoadOptions = (source: OptionSource, params?: Record<string, unknown>) => Promise<Option[]>;

/**
 * The parameters of a lookup taken from the document being edited: the schema's
 * `x-options-params` (`{"unitId": "unitId"}` on the user's `view`: the views of the chosen unit),
 * made places by `translateSchema`. `rows` are the row indexes of the asking field ({@link rowsOf}):
 * a place inside rows reads that row. Empty fields are left out.
 */
export function lookupParams(source: OptionSource, doc: Doc | undefined, rows: number[] = []): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(source.params ?? {})
      .map(([param, place]) => [param, valueAtPlace(doc, parsePlace(place), rows)])
      .filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The row indexes of a field inside table rows, read from its rjsf id (`root_medicines_2_medicineId`
 * for `medicines[].medicineId` ⇒ `[2]`): rjsf hands a widget its id, not its path. `[]` outside rows;
 * `undefined` when the id does not match the place.
 */
export function rowsOf(source: OptionSource, id: string, idPrefix = 'root', idSeparator = '_'): number[] | undefined {
  if (!source.at) return [];
  const sep = escape(idSeparator);
  const body = parsePlace(source.at)
    .map((seg) => (seg === ROW ? '(\\d+)' : escape(seg)))
    .join(sep);
  const match = new RegExp(`^${escape(idPrefix)}${sep}${body}$`).exec(id);
  return match ? match.slice(1).map(Number) : undefined;
}

export function createOptionsLoader(given: Record<string, Option[]> | undefined): LoadOptions {
  const cache = new Map<string, Promise<Option[]>>();
  return (source, params = {}) => {
    const name = source.ref ?? source.lookup;
    // admin units are offered by their path from the root
    const shaped = (list: Promise<Option[]>) => (name === 'adminunit' ? list.then(withAdminUnitPaths) : list);
    const preset = given?.[source.path];
    if (preset && !Object.keys(params).length) return shaped(Promise.resolve(preset));
    if (!name) return Promise.resolve([]);
    const key = `${name}?${JSON.stringify(params)}`;
    let pending = cache.get(key);
    if (!pending) {
      pending = shaped(fetchOptions(name, params).then((list) => (Array.isArray(list) ? list : [])));
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
  /** The days a date field may take now (`YYYY-MM-DD`), by its place and row indexes: `engine/date-bounds.ts`. */
  dateLimits?: (place: string, rows: number[]) => { min?: string; max?: string };
  /** Why the date field's value `value` is out of its bounds (the server's words), or undefined. */
  dateMessage?: (place: string, rows: number[], value: string) => string | undefined;
  /** Calls `listener` after every change of the document; returns the unsubscribe. */
  subscribe?: (listener: () => void) => () => void;
  /** Layout options of the @rjsf/antd templates. */
  labelAlign?: 'left' | 'right';
  colon?: boolean;
  colSpan?: number;
}
