/**
 * A period's values in the two formats DHIS2 imports:
 * - DHIS2's data value set (JSON, `POST /api/dataValueSets`): `{dataSet, period, dataValues: [{dataElement,
 *   period, orgUnit, categoryOptionCombo, value}]}`, each value a string as DHIS2 writes them;
 * - ADX, the IHE profile for aggregate data (XML, namespace `urn:ihe:qrph:adx:2015`): a `group` per org
 *   unit with its `period` (ISO 8601 start/duration) and `dataSet`, a `dataValue` per value with its
 *   `dataElement`, `value` and its disaggregation as attributes (the mapping's, else the category option
 *   combo's UID as `categoryOptionCombo`, which DHIS2 reads; nothing for DHIS2's default combination).
 * Tested against the formats' rules in tests/api/dhis2-formats.test.ts (a JSON Schema, the ADX XSD).
 */
import { adxPeriod, dhis2Period, type Period } from './period.ts';

/** DHIS2's default category option combo: a value with no disaggregation. */
export const DEFAULT_COMBO = 'HllvX50cXC0';

export interface DataValue {
  orgUnit: string;
  dataElement: string;
  categoryOptionCombo: string;
  value: number;
  /** ADX: category code → option code. */
  disaggregation?: Record<string, string>;
}

/** What one export holds: one data set, one period, values of one or more org units. */
export interface ExportSet {
  dataSet: string;
  period: Period;
  values: DataValue[];
}

/**
 * DHIS2's data value set (the body of `POST /api/dataValueSets`).
 * @example dataValueSet({ dataSet: 'TbQrtRpt001', period: { year: 2025, quarter: 1 }, values: [{ orgUnit: 'KgOuBGPTD00', dataElement: 'Tb07New0000', categoryOptionCombo: 'CocPBc00000', value: 5 }] })
 * // { dataSet: 'TbQrtRpt001', period: '2025Q1', dataValues: [{ dataElement: 'Tb07New0000', period: '2025Q1', orgUnit: 'KgOuBGPTD00', categoryOptionCombo: 'CocPBc00000', value: '5' }] }
 */
export function dataValueSet(set: ExportSet): { dataSet: string; period: string; dataValues: { dataElement: string; period: string; orgUnit: string; categoryOptionCombo: string; value: string }[] } {
  const period = dhis2Period(set.period);
  return {
    dataSet: set.dataSet,
    period,
    dataValues: set.values.map((v) => ({ dataElement: v.dataElement, period, orgUnit: v.orgUnit, categoryOptionCombo: v.categoryOptionCombo, value: String(v.value) })),
  };
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const attrs = (a: Record<string, string>) => Object.entries(a).map(([k, v]) => ` ${k}="${escapeXml(v)}"`).join('');

/**
 * The ADX document of the values: a group per org unit (in the order they first appear), `exported`
 * the moment given (UTC, no milliseconds). Needs at least one value (ADX has no empty group).
 * @example adxDocument(set, new Date('2025-07-02T10:00:00Z'))
 * // <adx xmlns="urn:ihe:qrph:adx:2015" exported="2025-07-02T10:00:00Z"><group orgUnit="KgOuBGPTD00" period="2025-01-01/P3M" dataSet="TbQrtRpt001"><dataValue dataElement="Tb07New0000" value="5" TB_SITE="PBC"/>…
 */
export function adxDocument(set: ExportSet, exported: Date): string {
  const period = adxPeriod(set.period);
  const byUnit = new Map<string, DataValue[]>();
  for (const v of set.values) byUnit.set(v.orgUnit, [...(byUnit.get(v.orgUnit) ?? []), v]);
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<adx xmlns="urn:ihe:qrph:adx:2015"${attrs({ exported: exported.toISOString().replace(/\.\d{3}Z$/, 'Z') })}>`];
  for (const [orgUnit, values] of byUnit) {
    lines.push(`  <group${attrs({ orgUnit, period, dataSet: set.dataSet })}>`);
    for (const v of values) {
      const disaggregation = v.disaggregation ?? (v.categoryOptionCombo === DEFAULT_COMBO ? {} : { categoryOptionCombo: v.categoryOptionCombo });
      lines.push(`    <dataValue${attrs({ dataElement: v.dataElement, value: String(v.value), ...disaggregation })}/>`);
    }
    lines.push('  </group>');
  }
  lines.push('</adx>');
  return `${lines.join('\n')}\n`;
}
