/**
 * What the report editor and the advanced search offer (`POST /api/cases/report/init`): the
 * declared filters and variables in their groups, each with its name in the
 * reader's language, and each filter its options (`resources.options`) — an enum's values, yes /
 * no, or the workspace's catalogue rows (units, areas by level, tags, regimens, medicines, age ranges),
 * the units and areas narrowed to the reader's view (a unit's doctor: their unit and its areas); only
 * what the reader may count by (`allowedCatalogue`: no exam type they may not read).
 */
import { sql, type Kysely } from 'kysely';
import { kyselyByName, type Database } from '../../server/db/kysely.ts';
import { t } from '../../engine/i18n.ts';
import type { ReportCatalogue, ReportFilter } from '../../engine/report-vars.ts';
import { readerView, unitsInView } from '../../server/scope/view.ts';
import type { Session } from '../../server/types.ts';
import { keyLabel, variableName, type Key } from '../indicator/shape.ts';
import { areaPathArray } from '../../server/scope/area.ts';

export interface Option {
  value: Key;
  label: string;
}

/** At most this many catalogue rows are offered in one filter. */
const MAX_OPTIONS = 2000;

/**
 * A filter's options in the reader's view.
 * @example await filterOptions(db, s, cat.filter('gender')!) // [{ value: 'MALE', label: 'Мужской' }, …]
 */
export async function filterOptions(db: Kysely<Database>, s: Session, f: ReportFilter): Promise<Option[]> {
  const v = f.value;
  const dim = { variable: { ...f, rows: true, columns: true } };
  if (v.kind === 'enum') return v.keys.map((k) => ({ value: k, label: keyLabel(dim, k, s.lang) }));
  if (v.kind === 'boolean' || v.kind === 'recorded') return [true, false].map((k) => ({ value: k, label: keyLabel(dim, k, s.lang) }));
  if (v.kind === 'age') {
    const rows = await db.selectFrom('agerange').select(['id', 'name', 'ini_age', 'end_age']).where('workspace_id', '=', s.workspaceId).orderBy('ini_age').limit(MAX_OPTIONS).execute();
    return rows.map((r) => ({ value: r.id as string, label: (r.name as string) || `${r.ini_age}–${r.end_age}` }));
  }
  const view = readerView(s);
  if (view.kind === 'none') return [];
  if (v.kind === 'area') {
    let q = db.selectFrom('adminunit').select(['id', 'name', 'level']).where('workspace_id', '=', s.workspaceId);
    // a limited view: the areas on the paths of its units (their own areas and every one above)
    if (view.kind !== 'workspace') q = q.where('id', 'in', db.selectFrom('adminunit as a').select(sql<string>`unnest(${areaPathArray('a')})`.as('id')).where('a.id', 'in', db.selectFrom('unit as u').select('u.address_admin_unit_id').where('u.id', 'in', unitsInView(db, s.workspaceId, view))));
    const rows = await q.orderBy('level').orderBy('name').limit(MAX_OPTIONS).execute();
    return rows.map((r) => ({ value: r.id as string, label: r.name as string, level: r.level }));
  }
  if (v.kind === 'ref') {
    let q = kyselyByName(db).selectFrom(v.table).select(['id', ...v.labels]).where('workspace_id', '=', s.workspaceId);
    // units: only those in the reader's view (a unit-view doctor is offered their unit)
    if (v.table === 'unit' && view.kind !== 'workspace') q = q.where('id', 'in', unitsInView(db, s.workspaceId, view));
    const rows = await q.orderBy(v.labels[0]).limit(MAX_OPTIONS).execute();
    return rows.map((r) => ({ value: r.id as string, label: v.labels.map((c) => r[c]).filter((x) => x != null && x !== '').join(' ') }));
  }
  return [];
}

/**
 * The filters and variables, grouped as declared.
 * @example await filterGroups(db, s, cat) // { filters: [{ id: 'case', label: 'Случай', filters: [{ id: 'classification', name: 'Классификация', type: 'multiSelect', resources: { options: […] } }, …] }, …], variables: […] }
 */
export async function filterGroups(db: Kysely<Database>, s: Session, cat: ReportCatalogue) {
  const lang = s.lang;
  const label = (g: string) => t(lang, `indicator.group.${g}`);
  const filters = await Promise.all(
    cat.groups.map(async (g) => ({
      id: g,
      label: label(g),
      filters: await Promise.all(cat.filters.filter((f) => f.group === g).map(async (f) => ({ id: f.id, name: variableName(f, lang), type: f.type, resources: { options: f.type === 'period' ? [] : await filterOptions(db, s, f) } }))),
    })),
  );
  const variables = cat.groups.map((g) => ({
    id: g,
    label: label(g),
    variables: cat.variables.filter((v) => v.group === g).map((v) => ({ id: v.id, name: variableName(v, lang), rows: v.rows, columns: v.columns })),
  }));
  return { filters: filters.filter((g) => g.filters.length), variables: variables.filter((g) => g.variables.length) };
}
