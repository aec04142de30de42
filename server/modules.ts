import type { Registry } from '../engine/registry.ts';
import type { DomainModule, ModuleHooks, OptionProvider, QueryParam, RowAction, SearchProvider, TableHooks } from './types.ts';
import type { RowOp } from './action-types.ts';

const asList = (h: ModuleHooks | ModuleHooks[] | undefined): ModuleHooks[] => (h === undefined ? [] : Array.isArray(h) ? h : [h]);

/** The domain modules of a running server, and what they declare, looked up by table or name. */
export class Modules {
  private readonly byTable = new Map<string, TableHooks[]>();

  /**
   * @param registry the schemas, for the hooks modules derive from them (`hooksFromSchemas`); without
   *   it (a unit test's modules) only the declared `hooks` apply.
   */
  constructor(
    readonly list: DomainModule[],
    registry?: Registry,
  ) {
    for (const m of list) {
      const sets = [...asList(m.hooks), ...(registry && m.hooksFromSchemas ? asList(m.hooksFromSchemas(registry)) : [])];
      for (const set of sets) {
        for (const [table, hooks] of Object.entries(set)) if (hooks) this.byTable.set(table, [...(this.byTable.get(table) ?? []), hooks as TableHooks]);
      }
    }
    for (const [table, hooks] of this.byTable) {
      const names = hooks.flatMap((h) => Object.keys(h.filters ?? {}));
      const twice = names.find((n, i) => names.indexOf(n) !== i);
      if (twice) throw new Error(`the query filter "${twice}" of ${table} is declared twice`);
    }
  }

  /**
   * Every hook set of a table: module by module, each module's sets in the order it lists them. Each
   * is typed by its table's generated type (`ModuleHooks`); the host calls them only with that table's
   * documents, so they are held as `TableHooks`.
   * @example for (const h of modules.hooks('tbcase')) await h.beforeSave?.(x);
   */
  hooks(table: string): TableHooks[] {
    return this.byTable.get(table) ?? [];
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
   * The permissions of the actions that write `table`'s rows by `op` (`RowAction.uploads`): with one of
   * them an offline client's upload may make that change, as the action would have.
   * @example modules.uploadPermissions('prescription', 'delete') // ['CASE_TREAT']
   */
  uploadPermissions(table: string, op: RowOp): string[] {
    const actions = this.list.flatMap((m) => m.actions ?? []).filter((a) => a.uploads?.[table]?.includes(op));
    return [...new Set(actions.map((a) => a.permission))];
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
