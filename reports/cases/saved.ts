/**
 * Saved case reports (`schemas/tables/casereport.json`) of the session's workspace: listed for a place,
 * read, written and deleted through the table writer (version, history), never another workspace's.
 */
import type { Kysely } from 'kysely';
import { t } from '../../engine/i18n.ts';
import type { Em } from '../../server/db/orm.ts';
import { kysely, type Database } from '../../server/db/kysely.ts';
import { fail } from '../../server/http/errors.ts';
import type { AppContext, Session } from '../../server/types.ts';
import { TableWriter } from '../../server/tbl/write.ts';
import type { Casereport } from '../../engine/generated/index.ts';

export type Scope = 'WORKSPACE' | 'ADMINUNIT' | 'UNIT';

/** One indicator of a saved report as `schemas/tables/casereport.json` declares it (checked on every save). */
export type StoredIndicator = NonNullable<Casereport['indicators']>[number];

/** A stored indicator with its defaults filled in (`withDefaults`). */
export type IndicatorSchema = StoredIndicator & Required<Pick<StoredIndicator, 'size' | 'chart' | 'display'>>;

export interface SavedReport {
  id: string;
  name: string;
  scope: Scope;
  scopeId: string | null;
  dashboard: boolean;
  filters: Record<string, unknown>;
  indicators: IndicatorSchema[];
}

/** The report body as `POST /api/cases/report/save` takes it (`bodies.ts` reportBody). */
export interface ReportInput {
  title: string;
  dashboard?: boolean;
  filters?: Record<string, unknown>;
  scope?: Scope;
  scopeId?: string;
  indicators: StoredIndicator[];
}

/**
 * An indicator schema with the seed's defaults: size 6, chart pie, display 0 (All).
 * @example withDefaults({ columnVariables: ['gender'], rowVariables: ['outcome'] }) // { size: 6, chart: 'pie', display: 0, … }
 */
export const withDefaults = (i: Partial<StoredIndicator>): IndicatorSchema => ({ size: 6, chart: 'pie', display: 0, columnVariables: [], rowVariables: [], ...i });

const fromRow = (r: Record<string, any>): SavedReport => ({
  id: r.id,
  name: r.name,
  scope: r.scope,
  scopeId: r.scope_id ?? null,
  dashboard: !!r.dashboard,
  filters: r.filters ?? {},
  indicators: (r.indicators ?? []).map(withDefaults),
});

export class SavedReports {
  private readonly db: Kysely<Database>;
  constructor(
    private readonly ctx: AppContext,
    private readonly em: Em,
    private readonly s: Session,
  ) {
    this.db = kysely(em);
  }

  private rows() {
    return this.db.selectFrom('casereport').selectAll().where('workspace_id', '=', this.s.workspaceId);
  }

  /**
   * The reports listed at a place: the workspace's own and those saved for this area or unit, by name.
   * @example await reports.list('UNIT', unitId) // [{ id, name, scope: 'WORKSPACE', scopeId: null, dashboard: true }, …]
   */
  async list(scope: Scope, placeId?: string) {
    let q = this.rows();
    q = scope === 'WORKSPACE' || !placeId ? q.where('scope', '=', 'WORKSPACE') : q.where((eb) => eb.or([eb('scope', '=', 'WORKSPACE'), eb.and([eb('scope', '=', scope), eb('scope_id', '=', placeId)])]));
    const rows = await q.orderBy('name').orderBy('id').limit(500).execute();
    return rows.map((r) => ({ id: r.id as string, name: r.name as string, scope: r.scope as Scope, scopeId: (r.scope_id as string) ?? null, dashboard: !!r.dashboard }));
  }

  /** A report of the workspace (404 otherwise). */
  async get(id: string): Promise<SavedReport> {
    const r = await this.rows().where('id', '=', id).executeTakeFirst();
    if (!r) throw fail(404, t(this.s.lang, 'msg.notFound'), 'reportId');
    return fromRow(r);
  }

  /** The workspace's reports marked dashboard, by name. */
  async dashboards(): Promise<SavedReport[]> {
    return (await this.rows().where('dashboard', '=', true).orderBy('name').orderBy('id').limit(100).execute()).map(fromRow);
  }

  /** Creates (no id) or replaces a report; its id. */
  async save(input: ReportInput, id?: string, within?: Em): Promise<string> {
    const doc = {
      name: input.title,
      dashboard: input.dashboard ?? false,
      filters: input.filters ?? {},
      scope: input.scope ?? 'WORKSPACE',
      // a workspace report's place is not read (list, exec): a stale one is left as it was
      ...(input.scope && input.scope !== 'WORKSPACE' ? { scopeId: input.scopeId } : {}),
      indicators: input.indicators.map(withDefaults),
    };
    const writer = new TableWriter(this.ctx, this.ctx.registry.table('casereport'), this.s);
    if (id === undefined) return writer.create(doc, undefined, within);
    await this.get(id);
    await writer.update(id, doc, { within });
    return id;
  }

  /** Deletes a report of the workspace (404 otherwise). */
  async delete(id: string): Promise<void> {
    await this.get(id);
    await new TableWriter(this.ctx, this.ctx.registry.table('casereport'), this.s).delete(id);
  }
}
