import { tableDef } from './fields.ts';
import type { EntitySchemaFile, TableDef } from './types.ts';

/** Every loaded schema, by `$id`, and every declared table, by table name. */
export class Registry {
  readonly schemas = new Map<string, EntitySchemaFile>();
  readonly tables = new Map<string, TableDef>();

  constructor(files: EntitySchemaFile[]) {
    for (const f of files) {
      this.schemas.set(f.$id, f);
      const def = tableDef(f);
      if (def) this.tables.set(def.name, def);
    }
  }

  /** A table served by the generic API, or undefined (unknown or `x-table.api: false`). */
  apiTable(name: string): TableDef | undefined {
    const t = this.tables.get(name);
    return t && t.meta.api !== false ? t : undefined;
  }

  table(name: string): TableDef {
    const t = this.tables.get(name);
    if (!t) throw new Error(`unknown table ${name}`);
    return t;
  }
}
