import { t } from '../../engine/i18n.ts';
import { dropHidden } from '../../engine/visibility.ts';
import type { Registry } from '../../engine/registry.ts';
import type { TableDef } from '../../engine/types.ts';
import type { Em } from '../../server/db/orm.ts';
import type { Row, Session } from '../../server/types.ts';
import { hasPermission } from '../../server/http/middleware.ts';
import { describeDoc } from '../../server/history/describe.ts';
import { TableStore } from '../../server/tbl/store.ts';
import { monthLabel, monthOfTreatment } from './month.ts';

/** One exam of a case as the follow-up tab lists it. */
export interface FollowupItem {
  /** The follow-up type, the table's `x-table.followup`: `EXAM_MICROSCOPY`. */
  type: string;
  /** The table the exam is stored in (`exammic`): where to edit or delete it (`/api/tbl/<table>/<id>`). */
  table: string;
  /** The type's name in the session's language (the table's title): 'Микроскопия'. */
  name: string;
  /** 0 before treatment (diagnosis), else the month of treatment (`month.ts`). */
  monthOfTreatment: number;
  /** `monthOfTreatment` in words: 'Диагностика', 'Месяц 2'. */
  month: string;
  /** The newest exam of its type on the case (the case's latest microscopy, Xpert… result). */
  latest: boolean;
  /** The exam's row as `POST /api/tbl/<table>/query` answers it (references as `{id, name}`). */
  data: Row;
  /**
   * The exam as its read-only card shows it, as `GET /api/tbl/<table>/view/<id>` names it: each shown,
   * non-empty field but the case and the date, by its label, enum values by their texts, references by name.
   */
  view: { title: string; value: unknown }[];
}

/**
 * The tables of a case's follow-up exams: those whose `x-table.followup` names a type and whose
 * `x-table.parent` references `tbcase`, in file order. Nothing here knows a particular exam.
 * @example followupTables(registry).map((d) => d.meta.followup) // ['MEDICAL_EXAMINATION', 'EXAM_MICROSCOPY', …]
 */
export function followupTables(registry: Registry): TableDef[] {
  return [...registry.tables.values()].filter((def) => {
    const parent = def.meta.parent && def.fields.find((f) => f.key === def.meta.parent);
    return !!def.meta.followup && parent && parent.ref === 'tbcase';
  });
}

/** Reads every row of `def` whose parent field is `caseId`, page by page, as the session sees them. */
async function rowsOfCase(store: TableStore, caseId: string): Promise<Row[]> {
  const out: Row[] = [];
  let after: string | undefined;
  do {
    const page = await store.query({ pageSize: 500, after, count: false, filters: { [store.def.meta.parent!]: caseId } });
    out.push(...page.list);
    after = page.next ?? undefined;
  } while (after);
  return out;
}

/**
 * The follow-up exams of a case the session may read, oldest first (then by type name), the newest
 * of each type marked `latest`; undefined when the case is not in the session's view. A table whose
 * permission the session lacks is not read at all: a user without `EXAM_HIV` receives no HIV result.
 *
 * @example await caseFollowups(em, registry, session, caseId)
 *   // [{ type: 'EXAM_MICROSCOPY', table: 'exammic', name: 'Микроскопия', monthOfTreatment: 0, month: 'Диагностика', latest: true, data: {…} }]
 */
export async function caseFollowups(em: Em, registry: Registry, s: Session, caseId: string): Promise<FollowupItem[] | undefined> {
  const tbcase = await TableStore.of(registry, registry.table('tbcase'), em, s, 'read').read(caseId);
  if (!tbcase) return undefined;
  const items: FollowupItem[] = [];
  for (const def of followupTables(registry)) {
    if (def.meta.permission && !hasPermission(s, def.meta.permission)) continue;
    const name = t(s.lang, def.schema.title ?? def.name);
    const shown = def.fields.filter((f) => f.key !== def.meta.parent && f.key !== 'date');
    for (const data of await rowsOfCase(TableStore.of(registry, def, em, s, 'read'), caseId)) {
      const m = monthOfTreatment(data.date, tbcase.iniTreatmentDate);
      const { items: view = [] } = await describeDoc(em, { ...def, fields: shown }, dropHidden(def.schema, data), s.lang);
      items.push({ type: def.meta.followup!, table: def.name, name, monthOfTreatment: m, month: monthLabel(m, s.lang), latest: false, data, view });
    }
  }
  // oldest first; on one day by type name, then by id — the last of a type is its `latest`, as the case's derived columns count it (derived.ts)
  items.sort((a, b) => String(a.data.date).localeCompare(String(b.data.date)) || a.name.localeCompare(b.name) || (String(a.data.id) < String(b.data.id) ? -1 : 1));
  const seen = new Set<string>();
  for (const item of [...items].reverse()) {
    item.latest = !seen.has(item.type);
    seen.add(item.type);
  }
  return items;
}
