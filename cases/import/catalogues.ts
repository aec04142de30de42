/**
 * The rows a reference column may name (units, laboratories, regimens, areas), matched by their code
 * (`customId`) or their name, as typed in a register — case, ё/е and surrounding punctuation aside.
 * Read once per chunk of rows from the workspace (small catalogues); the writer then checks each
 * reference in the user's view as for a form.
 */
import type { Kysely } from 'kysely';
import { kyselyByName, type Database } from '../../server/db/kysely.ts';
import type { Registry } from '../../engine/registry.ts';
import type { Field } from '../../engine/types.ts';
import { passesRefFilter } from '../../server/tbl/ref-filter.ts';
import { normalize } from './normalize.ts';

export interface CatalogueRow {
  id: string;
  name: string;
  code: string | null;
  /** The row's columns an `x-ref-filter` reads. */
  [column: string]: unknown;
}

/** A reference field's candidates by normalized code and name (a name several rows share is ambiguous). */
export interface Candidates {
  rows: CatalogueRow[];
  byText: Map<string, CatalogueRow[]>;
}

/** The catalogues of one workspace, read as needed, one statement per table. */
export class Catalogues {
  private tables = new Map<string, Promise<CatalogueRow[]>>();
  private fields = new Map<Field, Candidates>();

  constructor(
    readonly db: Kysely<Database>,
    readonly registry: Registry,
    readonly workspaceId: string,
  ) {}

  private async rows(table: string): Promise<CatalogueRow[]> {
    if (!this.tables.has(table)) {
      const def = this.registry.table(table);
      const name = def.fields.find((f) => f.key === (def.list.title ?? 'name'))?.column ?? 'name';
      const code = def.fields.find((f) => f.key === 'customId')?.column;
      const extra = def.fields.filter((f) => f.key !== 'customId' && f.kind === 'scalar' && f.path.length === 1 && f.type !== 'object').map((f) => f.column);
      let q = kyselyByName(this.db).selectFrom(table).select(['id', `${name} as name`, ...(code ? [`${code} as code`] : []), ...extra.filter((c) => c !== name)]);
      if (def.meta.workspace) q = q.where('workspace_id', '=', this.workspaceId);
      this.tables.set(table, q.execute().then((rs) => rs.map((r) => ({ ...r, id: String(r.id), name: String(r.name ?? ''), code: r.code == null ? null : String(r.code) }))));
    }
    return this.tables.get(table)!;
  }

  /**
   * The rows a reference field may name (its `x-ref-filter` applied: a laboratory field offers only
   * laboratories), by code and name.
   * @example (await catalogues.candidates(labField)).byText.get('ргл') // [{ id, name: 'Республиканская лаборатория', code: 'РГЛ' }]
   */
  async candidates(field: Field): Promise<Candidates> {
    const found = this.fields.get(field);
    if (found) return found;
    const target = this.registry.table(field.ref!);
    const rows = (await this.rows(field.ref!)).filter((r) => passesRefFilter(target, field.refFilter, r));
    const byText = new Map<string, CatalogueRow[]>();
    for (const r of rows) {
      for (const text of new Set([r.code, r.name].filter((x): x is string => !!x).map(normalize))) byText.set(text, [...(byText.get(text) ?? []), r]);
    }
    const c = { rows, byText };
    this.fields.set(field, c);
    return c;
  }
}
