import { inlineDefs } from './defs.ts';
import { tableDef, withRowIds } from './fields.ts';
import type { EntitySchemaFile, TableDef } from './types.ts';

/**
 * The columns whose values, joined by spaces, name a row of the table where it is referenced: its
 * `x-list.label` fields (a patient's full name), else its list title, else `name`.
 * @example labelColumns(registry.table('patient')) // ['last_name', 'name', 'middle_name']
 */
export function labelColumns(def: TableDef): string[] {
  const keys = def.list.label ?? [def.list.title ?? 'name'];
  const cols = keys.map((k) => def.fields.find((f) => f.key === k && f.kind !== 'via' && f.kind !== 'none')?.column).filter((c): c is string => !!c);
  return cols.length ? cols : ['name'];
}

/** Every loaded schema, by `$id`, and every declared table, by table name. */
export class Registry {
  readonly schemas = new Map<string, EntitySchemaFile>();
  readonly tables = new Map<string, TableDef>();
  /** `x-table.alias` → table name (`case` → `tbcase`). */
  readonly aliases = new Map<string, string>();

  constructor(files: EntitySchemaFile[]) {
    for (const given of files) {
      // local `$defs` references are plain properties for every reader (loadSchemas has inlined them already)
      // and a table's child rows accept their system `id` (withRowIds)
      const f = withRowIds(given.$defs ? (inlineDefs(given) as EntitySchemaFile) : given);
      this.schemas.set(f.$id, f);
      const def = tableDef(f);
      if (def) this.tables.set(def.name, def);
    }
    for (const def of this.tables.values()) {
      const alias = def.meta.alias;
      if (!alias) continue;
      if (this.tables.has(alias) || this.aliases.has(alias)) throw new Error(`${def.name}: x-table.alias "${alias}" names another table`);
      this.aliases.set(alias, def.name);
    }
    // a sub-record table takes its parent's workspace scoping and permission unless it says otherwise
    for (const def of this.tables.values()) {
      const parentRef = def.meta.parent && def.fields.find((f) => f.key === def.meta.parent)?.ref;
      const parent = parentRef ? this.tables.get(parentRef) : undefined;
      if (!parent) continue;
      def.meta.workspace ??= parent.meta.workspace;
      def.meta.permission ??= parent.meta.permission;
    }
    // what names a referenced row: the target's label columns, known once every table is
    for (const def of this.tables.values()) {
      for (const f of [...def.fields, ...def.children.flatMap((c) => c.fields)]) {
        const target = f.ref ? this.tables.get(f.ref) : undefined;
        if (target) f.refLabel = labelColumns(target);
      }
    }
  }

  /**
   * A table served by the generic API, by its name or `x-table.alias`, or undefined (unknown or `x-table.api: false`).
   * @example registry.apiTable('case')?.name // 'tbcase'
   */
  apiTable(name: string): TableDef | undefined {
    const t = this.tables.get(name) ?? this.tables.get(this.aliases.get(name) ?? '');
    return t && t.meta.api !== false ? t : undefined;
  }

  table(name: string): TableDef {
    const t = this.tables.get(name);
    if (!t) throw new Error(`unknown table ${name}`);
    return t;
  }
}
