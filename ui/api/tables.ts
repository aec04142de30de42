/** The generic table API (`/api/tbl/{table}`) and option lookups (`/api/opts/{name}`). */
import i18n from 'i18next';
import { api } from './client.ts';
import type { Option, QueryResult } from './types.ts';

/** A document of any table: at least its id once stored. */
export type Doc = Record<string, unknown> & { id?: string };

/** `resources` of a remote form. */
export interface FormResources {
  uiSchema?: Record<string, unknown>;
  list?: ListDescriptor;
  options?: Record<string, Option[]>;
  /** The table's meta: permission, page size, `inline` or `modal` form. */
  table?: { name?: string; permission?: string; pageSize?: number; form?: 'inline' | 'modal' };
  /** A form-only schema (no table): its name, the table each part is saved to, its permission. */
  form?: { name: string; parts: Record<string, string>; permission?: string };
  /** True when the session may not modify the table (or `?ro` was asked). */
  readOnly?: boolean;
  /** Whether the session may add rows, and change them (`x-table.write` may differ per operation). */
  mayCreate?: boolean;
  mayUpdate?: boolean;
  /** Labels the schema files declare themselves (`x-labels`), in the session's language: added to the app's translations. */
  labels?: Record<string, string>;
}

/** How a table's rows show as cards (the schema's `x-list`). */
export interface ListDescriptor {
  title?: string;
  subtitle?: string;
  order?: string[];
  badges?: { field: string; value: unknown; label: string; color?: string }[];
  refs?: string[];
  pageSize?: number;
}

/** `POST /api/tbl/{table}/form` answer. */
export interface RemoteForm {
  doc: Doc;
  schema: Record<string, unknown>;
  resources?: FormResources;
}

const base = (table: string) => `/api/tbl/${encodeURIComponent(table)}`;

export const tableApi = {
  /** Schema, uiSchema, list descriptor, options and a document (new, or the one with `id`). */
  form: async (table: string, id?: string, readOnly = false, signal?: AbortSignal) => {
    const form = await api.post<RemoteForm>(`${base(table)}/form${readOnly ? '?ro' : ''}`, id ? { id } : {}, signal);
    // a new schema file's own labels (a follow-up exam type added without code), before the form translates its titles
    if (form.resources?.labels) i18n.addResources(i18n.language, 'translation', form.resources.labels);
    return form;
  },
  /** The document for editing. */
  editDoc: (table: string, id: string, signal?: AbortSignal) => api.get<Doc>(`${base(table)}/form/${encodeURIComponent(id)}`, signal),
  read: (table: string, id: string, signal?: AbortSignal) => api.get<Doc>(`${base(table)}/${encodeURIComponent(id)}`, signal),
  query: <T extends Doc = Doc>(table: string, params: Record<string, unknown> = {}, signal?: AbortSignal) =>
    api.post<QueryResult<T>>(`${base(table)}/query`, params, signal),
  /** Creates; resolves to the new id. */
  create: (table: string, doc: Doc) => api.post<string>(base(table), doc),
  /** Updates (partial documents allowed); resolves to the id. */
  update: (table: string, id: string, doc: Doc) => api.post<string>(`${base(table)}/${encodeURIComponent(id)}`, doc),
  remove: (table: string, id: string) => api.del(`${base(table)}/${encodeURIComponent(id)}`),
};

/** Options of a lookup: a table name (`x-ref`) or a named server lookup (`x-options`). */
export const fetchOptions = (name: string, params: Record<string, unknown> = {}, signal?: AbortSignal) =>
  api.post<Option[]>(`/api/opts/${encodeURIComponent(name)}`, params, signal);
