import type { DomainModule, OptionProvider, QueryParam, RowAction, SchemaName, SearchProvider, TableHooks } from './types.ts';

/** The domain modules of a running server, and what they declare, looked up by table or name. */
export class Modules {
  constructor(readonly list: DomainModule[]) {}

  /**
   * Every module's hooks of a table, in module order. Each is typed by its table's generated type
   * (`ModuleHooks`); the host calls them only with that table's documents, so they are held as `TableHooks`.
   * @example for (const h of modules.hooks('tbcase')) await h.beforeSave?.(x);
   */
  hooks(table: string): TableHooks[] {
    return this.list.map((m) => m.hooks?.[table as SchemaName] as TableHooks | undefined).filter((h): h is TableHooks => !!h);
  }

  /** Every module's global-search providers, in module order. */
  searchProviders(): SearchProvider[] {
    return this.list.flatMap((m) => m.search ?? []);
  }

  /** The actions declared on a table, by every module. */
  actions(table: string): RowAction[] {
    return this.list.flatMap((m) => m.actions ?? []).filter((a) => a.table === table);
  }

  /**
   * The named option lookup `name` (`perms-tree`), if a module provides it. Own keys only: a client's
   * `__proto__` or `constructor` is no lookup.
   * @example modules.option('constructor') // undefined
   */
  option(name: string): OptionProvider | undefined {
    for (const m of this.list) if (m.options && Object.hasOwn(m.options, name)) return m.options[name];
    return undefined;
  }

  /**
   * The named query filter `name` of a table (`unit`'s `adminUnitId`), if a module declares one; own
   * keys only, as for `option`.
   * @example modules.filter('unit', 'adminUnitId') // {schema, apply}
   */
  filter(table: string, name: string): QueryParam | undefined {
    for (const h of this.hooks(table)) if (h.filters && Object.hasOwn(h.filters, name)) return h.filters[name];
    return undefined;
  }
}
