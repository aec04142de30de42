import type { Registry } from '../../../engine/registry.ts';
import type { TableDef } from '../../../engine/types.ts';
import { kyselyByName as db } from '../../db/kysely.ts';
import type { Em } from '../../db/orm.ts';
import { scopeBranches, scopeCondition, viewMayLimit, type RowCondition, type ScopeMode } from '../../scope/rows.ts';
import type { Session } from '../../types.ts';

/** Who reads or writes: the workspace, the member (workspace table) and the row scope of their view. */
export interface StoreAccess {
  workspaceId?: string;
  /** For the workspace table itself: only the workspaces this user belongs to are visible. */
  memberId?: string;
  /** Row-scoped tables (`x-table.scope`/`parent`): only the rows the session may read or write. */
  scope?: { registry: Registry; session: Session; mode: ScopeMode };
}

/**
 * One table on one connection as one reader reaches it: every statement a store builds starts
 * here, limited to the workspace, the member's workspaces and the view.
 * @example new TableLimits(def, em, access).select().select('t.id').where('t.id', '=', id)
 */
export class TableLimits {
  constructor(
    readonly def: TableDef,
    readonly em: Em,
    readonly access: StoreAccess,
  ) {}

  /** The same limits on another connection (a count's own transaction). */
  on(em: Em): TableLimits {
    return new TableLimits(this.def, em, this.access);
  }

  /**
   * The ids the limits bind: the workspace (of a workspace table), the member (of the workspace table itself).
   * @example limits.ids // {workspaceId: 'a1…'}
   */
  get ids(): { workspaceId?: string; memberId?: string } {
    const { workspaceId, memberId } = this.access;
    return { workspaceId: this.def.meta.workspace ? workspaceId : undefined, memberId: this.def.meta.ws ? memberId : undefined };
  }

  /**
   * The same limits for another workspace and member: a statement built once with placeholders in
   * their places (server/db/compiled-once.ts).
   * @example limits.forIds(placeholders[0], placeholders[1])
   */
  forIds(workspaceId: string | undefined, memberId: string | undefined): TableLimits {
    return new TableLimits(this.def, this.em, { ...this.access, workspaceId, memberId });
  }

  /** Whether the view may add a condition of its own (see `viewMayLimit`): its text then follows the session. */
  get viewMayLimit(): boolean {
    const s = this.access.scope;
    return !!s && viewMayLimit(this.def, s.session, s.mode);
  }

  /** The language of refusals (the session's, else Russian). */
  get lang() {
    return this.access.scope?.session.lang ?? 'ru';
  }

  /**
   * Limits a statement on the table (aliased `alias`) to the workspace, the member's workspaces and
   * the view — or, with `only`, to one branch of the view (`scopeBranches`).
   * @example limits.limit(db(em).deleteFrom('tbcase').where('id', '=', id), '')
   */
  limit<Q extends { where: (...a: any[]) => any }>(q: Q, alias: string, only?: RowCondition): Q {
    const col = (c: string) => (alias ? `${alias}.${c}` : c);
    const { workspaceId, memberId } = this.ids;
    const s = this.access.scope;
    if (this.def.meta.workspace) q = q.where(col('workspace_id'), '=', workspaceId!);
    if (memberId) q = q.where(col('id'), 'in', db(this.em).selectFrom('userws').select('workspace_id').where('user_id', '=', memberId));
    const cond = only ?? (s && scopeCondition(db(this.em), s.registry, this.def, s.session, alias || this.def.name, s.mode));
    return cond ? q.where(cond) : q;
  }

  /**
   * `select … from <table> as t` within the limits (or one branch of the view), joined to the
   * tables its `x-via` fields read through (aliased `j_<refKey>`).
   * @example await limits.select().select('t.id').where('t.id', '=', id).executeTakeFirst()
   */
  select(only?: RowCondition) {
    let q = db(this.em).selectFrom(`${this.def.name} as t`);
    for (const refKey of new Set(this.def.fields.filter((f) => f.via).map((f) => f.via!.refKey))) {
      const ref = this.def.fields.find((f) => f.key === refKey)!;
      q = q.leftJoin(`${ref.ref} as j_${refKey}`, `j_${refKey}.id`, `t.${ref.column}`);
    }
    return this.limit(q, 't', only);
  }

  /**
   * The view's disjoint branches for a list (see `scopeBranches`), or `[undefined]`: the whole view at once.
   * @example for (const only of limits.branches()) q = limits.select(only)…
   */
  branches(): (RowCondition | undefined)[] {
    const s = this.access.scope;
    return (s?.mode === 'read' && scopeBranches(s.registry, this.def, s.session, 't')) || [undefined];
  }
}
