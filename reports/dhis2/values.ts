/**
 * A mapping's values for a period and a place: the place's org units — its units (or areas,
 * as the mapping says) that have a DHIS2 UID, within the reader's view — and, for each, every mapped
 * WHO form cell and indicator number counted for that unit or area exactly as the forms' and the
 * indicators' pages count them (`computeForm`, `computeIndicators`). A number the reader may not
 * read (an exam type's) is withheld, not sent.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import type { Lang } from '../../engine/i18n.ts';
import type { Registry } from '../../engine/registry.ts';
import { allowedCatalogue, type ReportCatalogue } from '../../engine/report-vars.ts';
import { hasPermission } from '../../server/http/middleware.ts';
import { areaSubtree } from '../../server/scope/area.ts';
import { readerView } from '../../server/scope/view.ts';
import type { Session } from '../../server/types.ts';
import { unitsWhere, type Place } from '../../cases/places/place.ts';
import type { Quarter } from '../who/quarter.ts';
import { computeForm, formReadable, formSettings, type FormReader } from '../who/compute.ts';
import type { FormDefinition } from '../who/definition.ts';
import { computeIndicators, periodOf } from '../dak/compute.ts';
import type { IndicatorDefinition } from '../dak/definition.ts';
import type { DataValue, ExportSet } from './formats.ts';
import { isFormCell, valueName, type Dhis2Mapping } from './mapping.ts';
import type { Period } from './period.ts';

/** What the values are counted from: the declarations read at start. */
export interface Declared {
  registry: Registry;
  cat: ReportCatalogue;
  forms: Map<string, FormDefinition>;
  indicators: IndicatorDefinition[];
}

export interface OrgUnit {
  uid: string;
  name: string;
  place: Place;
}

/** A value as the preview shows it: what it is, where, and its number. */
export interface PreviewValue extends DataValue {
  orgUnitName: string;
  /** The form cell or indicator: `tb07 byGroup/new/pulmonaryBc`, `TB.IND.8 numerator`. */
  source: string;
  label: string;
}

export interface ExportValues {
  set: ExportSet;
  orgUnits: { uid: string; name: string }[];
  values: PreviewValue[];
  /** Units (or areas) of the place without a DHIS2 UID: their numbers are not sent. */
  unmapped: string[];
  /** Values the reader may not read (an exam type's numbers): not sent. */
  withheld: number;
}

/**
 * The org units of a place for a mapping, within the reader's view: those with a UID, and the names of
 * those without (only TB units: a laboratory notifies no case).
 */
async function orgUnitsOf(db: Kysely<Database>, s: Session, m: Dhis2Mapping, place: Place): Promise<{ mapped: OrgUnit[]; unmapped: string[] }> {
  if (m.orgUnits === 'unit') {
    const inPlace = unitsWhere(db, s, place, 'u.id');
    const rows = await db.selectFrom('unit as u').select(['u.id', 'u.name', 'u.dhis2_uid', 'u.type']).where('u.workspace_id', '=', s.workspaceId)
      .$if(!!inPlace, (q) => q.where(inPlace!)).orderBy('u.name').orderBy('u.id').execute();
    return {
      mapped: rows.filter((r) => r.dhis2_uid).map((r) => ({ uid: String(r.dhis2_uid), name: String(r.name), place: { kind: 'unit', unitId: String(r.id) } })),
      unmapped: rows.filter((r) => !r.dhis2_uid && r.type === 'TBUNIT').map((r) => String(r.name)),
    };
  }
  // areas: those of the place (itself and below) inside the reader's view; a reader of one unit has no area to send
  const view = readerView(s);
  if (view.kind === 'unit' || view.kind === 'none') return { mapped: [], unmapped: [] };
  let q = db.selectFrom('adminunit as a').select(['a.id', 'a.name', 'a.dhis2_uid']).where('a.workspace_id', '=', s.workspaceId);
  if (view.kind === 'area') q = q.where('a.id', 'in', areaSubtree(db, s.workspaceId, view.areaId));
  if (place.kind === 'area') q = q.where('a.id', 'in', areaSubtree(db, s.workspaceId, place.areaId));
  if (place.kind === 'unit') q = q.where(sql<boolean>`false`);
  const rows = await q.where('a.dhis2_uid', 'is not', null).orderBy('a.name').orderBy('a.id').execute();
  return { mapped: rows.map((r) => ({ uid: String(r.dhis2_uid), name: String(r.name), place: { kind: 'area', areaId: String(r.id) } })), unmapped: [] };
}

const pick = (l: { ru: string; en: string }, lang: Lang) => l[lang];

/**
 * Every value of the mapping for the period and place, as the reader may read them.
 * @example await exportValues(db, declared, session, mapping, { year: 2025, quarter: 1 }, { kind: 'workspace' })
 * // { set: { dataSet: 'TbQrtRpt001', period: {…}, values: [{ orgUnit: 'KgOuBGPTD00', dataElement: 'Tb07New0000', categoryOptionCombo: 'CocPBc00000', value: 5 }, …] }, … }
 */
export async function exportValues(db: Kysely<Database>, d: Declared, s: Session, m: Dhis2Mapping, period: Period, place: Place): Promise<ExportValues> {
  const lang = s.lang;
  const { mapped, unmapped } = await orgUnitsOf(db, s, m, place);
  const mine = allowedCatalogue(d.cat, (p) => hasPermission(s, p));
  const may = (id: string) => mine.variable(id) !== undefined;
  const settings = await formSettings(db, d.registry, s.workspaceId);
  const formIds = [...new Set(m.values.filter(isFormCell).map((v) => v.form))];
  const codes = new Set(m.values.flatMap((v) => (isFormCell(v) ? [] : [v.indicator])));
  const indicators = d.indicators.filter((x) => codes.has(x.code));
  const values: PreviewValue[] = [];
  let withheld = 0;
  for (const ou of mapped) {
    const reader: FormReader = { db, cat: d.cat, registry: d.registry, forms: d.forms, s, lang, may, place: ou.place, settings };
    const forms = new Map<string, Awaited<ReturnType<typeof computeForm>> | null>();
    for (const id of formIds) {
      const f = d.forms.get(id)!;
      forms.set(id, period.quarter && formReadable(f, may) ? await computeForm(reader, f, { year: period.year, quarter: period.quarter as Quarter['quarter'] }) : null);
    }
    const counted = indicators.length
      ? await computeIndicators(db, indicators, { s, place: ou.place, ...periodOf(period.year, period.quarter), period: { year: period.year, quarter: period.quarter } }, (p) => hasPermission(s, p))
      : [];
    for (const v of m.values) {
      let value: number | null = null;
      let label: string;
      if (isFormCell(v)) {
        const f = d.forms.get(v.form)!;
        const tb = f.tables.find((t) => t.id === v.table)!;
        const ri = tb.rows.findIndex((r) => r.id === v.row);
        const ci = tb.columns.findIndex((c) => c.id === v.column);
        value = forms.get(v.form)?.tables.find((t) => t.id === v.table)?.values[ri][ci] ?? null;
        label = `${pick(f.code, lang)} · ${pick(tb.title, lang)} · ${pick(tb.rows[ri].label, lang)} · ${pick(tb.columns[ci].label, lang)}`;
      } else {
        const r = counted.find((x) => x.code === v.indicator)!;
        value = v.part === 'numerator' ? r.numerator : r.denominator;
        label = `${v.indicator} ${r.name} · ${(v.part === 'numerator' ? r.numeratorLabel : r.denominatorLabel) ?? ''}`.replace(/ · $/, '');
      }
      if (value === null) {
        withheld++;
        continue;
      }
      values.push({ orgUnit: ou.uid, orgUnitName: ou.name, dataElement: v.dataElement, categoryOptionCombo: v.categoryOptionCombo, ...(v.disaggregation ? { disaggregation: v.disaggregation } : {}), value, source: valueName(v), label });
    }
  }
  return {
    set: { dataSet: m.dataSet, period, values: values.map(({ orgUnit, dataElement, categoryOptionCombo, disaggregation, value }) => ({ orgUnit, dataElement, categoryOptionCombo, value, ...(disaggregation ? { disaggregation } : {}) })) },
    orgUnits: mapped.map((o) => ({ uid: o.uid, name: o.name })),
    values,
    unmapped,
    withheld,
  };
}
