/** Shapes of the schema files in `schemas/` and of what the engine derives from them. */
import type { VisibleCondition } from './condition/types.ts';

export type JsonSchema = {
  $id?: string;
  type?: string | string[];
  title?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  enum?: unknown[];
  [keyword: string]: unknown;
};

export interface TableMeta {
  name: string;
  workspace?: boolean;
  permission?: string;
  /** `any`: every user of the workspace may read; writing still needs `<permission>_EDT`. */
  read?: 'any';
  api?: boolean;
  /** Another name the generic API serves the table under (`case` for `tbcase`: the spec's `/api/tbl/case/{id}`). */
  alias?: string;
  unique?: string[][];
  /** Fields to index; `{fields, except}`: a partial index without the rows whose field holds that value. */
  indexes?: (string[] | { fields: string[]; except: Record<string, string> })[];
  pageSize?: number;
  ws?: boolean;
  /**
   * Row scope by the user's view: the field holding the row's unit, or the tables whose rows in scope
   * reference this one (`via`: one, or several — a patient is seen through their cases and through the
   * contacts naming them; `viasOf` in engine/scope-via.ts reads both forms).
   */
  scope?: { unit?: string; alsoUnit?: string; alsoUnitReadOnly?: true; via?: ViaScope | ViaScope[] };
  /** A sub-record table: the field referencing its parent row, whose workspace, scope and permission it inherits. */
  parent?: string;
  /** A case's follow-up exam (with `parent` naming the case): the follow-up type of its rows, `EXAM_MICROSCOPY`. */
  followup?: string;
  /** One row for the installation (the system settings): created by its first save, updated after. */
  singleton?: true;
  /** `false`: writes are not tracked in the change log for the offline client (default: tracked when workspace-scoped). */
  sync?: boolean;
  /** The permission each write needs instead of `<permission>_EDT` (engine/write-permission.ts). */
  write?: Partial<Record<'create' | 'update' | 'delete', string>>;
  /** On the case table: its analytic row's indexes, each case fields or report variable ids after the workspace (`engine/analytic.ts`). */
  analytic?: { indexes?: string[][] };
  /** The table's own rows are what its fields' `x-report` variables count (the stock ledger), not cases (`engine/report-rows.ts`). */
  reportRows?: true;
  /** An offline client's change also passes with one of these per operation (the permissions of the domain forms editing the table; server/sync/push.ts). */
  push?: Partial<Record<'create' | 'update' | 'delete', string[]>>;
}

export interface ListMeta {
  title?: string;
  subtitle?: string;
  order?: string[];
  search?: string[];
  refs?: string[];
  /** The fields a list query selects (with title, subtitle, order, badges and refs); unset: every field. */
  columns?: string[];
  /** The fields joined by spaces that name a row where it is referenced (a patient's full name); default: title. */
  label?: string[];
  badges?: { field: string; value: unknown; label: string; color?: string }[];
}

export interface EntitySchemaFile extends JsonSchema {
  $id: string;
  'x-table'?: TableMeta;
  'x-list'?: ListMeta;
  'x-layout'?: Record<string, unknown>;
  /** Conditional fields, see `engine/visibility.ts`. */
  'x-visible'?: Record<string, VisibleCondition>;
  /** A variant of another schema file, see `engine/extends.ts`. */
  'x-extends'?: string;
  /** The case table's summaries, see `engine/summaries.ts`. */
  'x-summaries'?: unknown[];
  /** Labels the file brings in both languages, see `engine/labels.ts`. */
  'x-labels'?: Record<string, unknown>;
}

/** How one leaf of a document is stored. */
/** A table whose rows in scope make a row of this one seen: `{table: 'tbcase', field: 'patientId'}`. */
export interface ViaScope {
  table: string;
  field: string;
}

export type FieldKind = 'scalar' | 'ref' | 'json' | 'none' | 'via';

export interface Field {
  /** Path in the document, e.g. `['address', 'zipCode']`. */
  path: string[];
  /** Dotted path, the `field` of validation errors. */
  key: string;
  /** Column name in the table (snake_case). */
  column: string;
  kind: FieldKind;
  /** JSON type of the value (string, integer, number, boolean). */
  type: string;
  format?: string;
  maxLength?: number;
  /** Target table of a reference. */
  ref?: string;
  /** `x-on-delete`: what deleting the referenced row does to this one (unset: refused while referenced). */
  onDelete?: 'cascade' | 'set null';
  /** The target's columns that name a referenced row (`labelColumns`), set by the registry. */
  refLabel?: string[];
  /** `x-ref-filter`: the target rows allowed, as field → value (or any of a list of values). */
  refFilter?: Record<string, unknown>;
  /** `x-ref-workspace`: the field of the same row naming the workspace the referenced row must be of (instead of the user's). */
  refWorkspace?: string;
  /** For `x-via` fields: read through the reference field `refKey` from the target's column. */
  via?: { refKey: string; targetKey: string };
  hidden: boolean;
  readonly: boolean;
  /** `x-by-action`: changed only by the table's declared actions; the generic API and forms refuse a change. */
  byAction: boolean;
  title?: string;
  schema: JsonSchema;
}

/** An array property stored as a child table `<table>_<prop>`. */
export interface ChildTable {
  prop: string;
  table: string;
  title?: string;
  /** Item fields; for an array of plain refs a single field `value`. */
  fields: Field[];
  /** True when items are plain values (refs or scalars), not objects. */
  scalarItems: boolean;
}

/** Everything the hosts need about one declared table. */
export interface TableDef {
  name: string;
  schemaId: string;
  schema: EntitySchemaFile;
  meta: TableMeta;
  fields: Field[];
  children: ChildTable[];
  list: ListMeta;
}
