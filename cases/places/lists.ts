/**
 * Pages of a place's cases: through the table store (the reader's row scope, keyset
 * and OFFSET paging, the listed references named), narrowed to the place's units, with the count
 * read from the maintained tables rather than counted (`counts.ts`).
 */
import type { Registry } from '../../engine/registry.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import type { Tbcase } from '../../engine/generated/index.ts';
import type { Session, Stored } from '../../server/types.ts';
import { TableStore } from '../../server/tbl/store.ts';
import { todayOf } from '../../server/http/time-zone.ts';
import { markAdherenceAlerts } from './adherence.ts';
import { caseUnitAlternatives, transferEnds, unitsWhere, type Place } from './place.ts';

export const LIST_PAGE_SIZE = 50;

/**
 * A case as a list shows it: the `x-list.columns` of tbcase.json (so any field may be missing), the
 * system fields, and `adherenceAlert` when the alert holds on the reader's date (references come as `{id, name}` beside their ids).
 */
export type CaseListRow = Partial<Tbcase> & Stored & { adherenceAlert?: true };

export interface CasePage {
  count: number;
  list: CaseListRow[];
  next: string | null;
}

/**
 * A page (1-based, 50 rows, newest registration first) of the place's cases matching `where`: the
 * cases of its cohort (a transferring case in the unit it leaves: `caseUnitAlternatives`, merged from two index scans), or with
 * `placed: 'owner'` the cases its units own (a transferring case where it waits to be accepted), or with
 * `placed: 'either'` those and the transferring cases leaving its units (`transferEnds`).
 * @example await casePage(em, registry, s, { kind: 'unit', unitId }, (q) => q.where('t.state', '<>', 'CLOSED'), 1, 12)
 */
export async function casePage(em: Em, registry: Registry, s: Session, place: Place, where: (q: any) => any, page: number, count: number, after?: string, placed: 'cohort' | 'owner' | 'either' = 'cohort'): Promise<CasePage> {
  if (!count) return { count: 0, list: [], next: null };
  const db = kysely(em);
  const inPlace = placed === 'owner' ? unitsWhere(db, s, place, 't.owner_unit_id') : undefined;
  const ends = placed === 'either' ? transferEnds(db, s, place, 't') : undefined;
  const alternatives = placed === 'cohort' ? caseUnitAlternatives(db, s, place, 't') : ends ? [ends] : undefined;
  const store = TableStore.of(registry, registry.table('tbcase'), em, s, 'read');
  const res = await store.query({ pageSize: LIST_PAGE_SIZE, page, after, count: false, conditions: [where, ...(inPlace ? [(q: any) => q.where(inPlace)] : [])], alternatives });
  const list = res.list as CaseListRow[];
  markAdherenceAlerts(list, todayOf(s));
  return { count, list, next: res.next };
}
