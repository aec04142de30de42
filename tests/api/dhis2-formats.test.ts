// Export to DHIS2: the two formats DHIS2 imports, checked against their rules — DHIS2's
// data value set against a JSON Schema written from DHIS2's documentation (Web API › Data values ›
// Sending data values), ADX against an XSD of the IHE profile's structure with DHIS2's UIDs
// (tests/fixtures/adx/adx-dhis2.xsd, validated by libxml2's xmllint) — on values built by hand; and the
// mapping files' checks. Expected documents are written out by hand.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { loadSchemas } from '../../engine/load.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import { schemasDir } from '../../server/config.ts';
import { indicatorsDir, loadIndicators } from '../../reports/dak/definition.ts';
import { importSummaryOf } from '../../reports/dhis2/client.ts';
import { adxDocument, dataValueSet, type ExportSet } from '../../reports/dhis2/formats.ts';
import { loadMappings, mappingProblems, mappingsDir, type Dhis2Mapping } from '../../reports/dhis2/mapping.ts';
import { adxPeriod, dhis2Period } from '../../reports/dhis2/period.ts';
import { formsDir, loadForms } from '../../reports/who/definition.ts';
import { whoCatalogue } from '../../reports/who/rules.ts';

const xsd = readFileSync(join(import.meta.dirname, '../fixtures/adx/adx-dhis2.xsd'), 'utf8');
const adxErrors = async (xml: string) => (await validateXML({ xml: [{ fileName: 'message.xml', contents: xml }], schema: [{ fileName: 'adx.xsd', contents: xsd }] })).errors.map((e) => e.message);

/** DHIS2's data value set (JSON), as its Web API documents it: UIDs of 11 characters, a letter first; the period in DHIS2's format; each value a string. */
const uid = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]{10}$' };
const dataValueSetSchema = {
  type: 'object',
  required: ['dataValues'],
  properties: {
    dataSet: uid,
    completeDate: { type: 'string' },
    period: { type: 'string', pattern: '^[0-9]{4}(Q[1-4])?$' },
    orgUnit: uid,
    attributeOptionCombo: uid,
    dataValues: {
      type: 'array', minItems: 1,
      items: {
        type: 'object', additionalProperties: false, required: ['dataElement', 'period', 'orgUnit', 'value'],
        properties: { dataElement: uid, period: { type: 'string', pattern: '^[0-9]{4}(Q[1-4])?$' }, orgUnit: uid, categoryOptionCombo: uid, attributeOptionCombo: uid, value: { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?$' }, comment: { type: 'string' } },
      },
    },
  },
};
const validDataValueSet = new Ajv2020({ allErrors: true }).compile(dataValueSetSchema);

/** Two units, three values, one with a disaggregation of its own. */
const set: ExportSet = {
  dataSet: 'TbQrtRpt001',
  period: { year: 2025, quarter: 2 },
  values: [
    { orgUnit: 'KgOuBGPTD00', dataElement: 'Tb07New0000', categoryOptionCombo: 'CocPBc00000', value: 5, disaggregation: { TB_SITE: 'PBC' } },
    { orgUnit: 'KgOuBGPTD00', dataElement: 'Tb07HivTst0', categoryOptionCombo: 'HllvX50cXC0', value: 0 },
    { orgUnit: 'KgOuOOPTD00', dataElement: 'Tb08NrPbc00', categoryOptionCombo: 'CocCur00000', value: 12 },
  ],
};

describe('periods', () => {
  it('writes DHIS2\'s period ids and ADX\'s start/duration', () => {
    expect([1, 2, 3, 4].map((quarter) => dhis2Period({ year: 2025, quarter }))).toEqual(['2025Q1', '2025Q2', '2025Q3', '2025Q4']);
    expect(dhis2Period({ year: 2025 })).toBe('2025');
    expect([1, 2, 3, 4].map((quarter) => adxPeriod({ year: 2025, quarter }))).toEqual(['2025-01-01/P3M', '2025-04-01/P3M', '2025-07-01/P3M', '2025-10-01/P3M']);
    expect(adxPeriod({ year: 2025 })).toBe('2025-01-01/P1Y');
  });
});

describe('DHIS2\'s data value set (JSON)', () => {
  it('holds every value with its org unit, period and combination, as strings', () => {
    const doc = dataValueSet(set);
    expect(doc).toEqual({
      dataSet: 'TbQrtRpt001',
      period: '2025Q2',
      dataValues: [
        { dataElement: 'Tb07New0000', period: '2025Q2', orgUnit: 'KgOuBGPTD00', categoryOptionCombo: 'CocPBc00000', value: '5' },
        { dataElement: 'Tb07HivTst0', period: '2025Q2', orgUnit: 'KgOuBGPTD00', categoryOptionCombo: 'HllvX50cXC0', value: '0' },
        { dataElement: 'Tb08NrPbc00', period: '2025Q2', orgUnit: 'KgOuOOPTD00', categoryOptionCombo: 'CocCur00000', value: '12' },
      ],
    });
    expect(validDataValueSet(doc), JSON.stringify(validDataValueSet.errors)).toBe(true);
    expect(validDataValueSet(dataValueSet({ ...set, period: { year: 2025 } }))).toBe(true);
  });

  it('the schema refuses what DHIS2 refuses (the check bites)', () => {
    const doc = dataValueSet(set);
    expect(validDataValueSet({ ...doc, dataValues: [{ ...doc.dataValues[0], orgUnit: '1gOuBGPTD00' }] })).toBe(false); // a digit first
    expect(validDataValueSet({ ...doc, dataValues: [{ ...doc.dataValues[0], dataElement: 'Tb07New000' }] })).toBe(false); // 10 characters
    expect(validDataValueSet({ ...doc, period: '2025-Q2' })).toBe(false);
    expect(validDataValueSet({ ...doc, dataValues: [{ ...doc.dataValues[0], value: 5 }] })).toBe(false);
  });
});

describe('ADX (the IHE profile)', () => {
  const exported = new Date('2025-07-02T10:00:00.123Z');

  it('writes a group per org unit with the period as start/duration, valid against the profile\'s schema', async () => {
    const xml = adxDocument(set, exported);
    expect(await adxErrors(xml)).toEqual([]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<adx xmlns="urn:ihe:qrph:adx:2015" exported="2025-07-02T10:00:00Z">\n' +
      '  <group orgUnit="KgOuBGPTD00" period="2025-04-01/P3M" dataSet="TbQrtRpt001">\n' +
      '    <dataValue dataElement="Tb07New0000" value="5" TB_SITE="PBC"/>\n' + // the mapping's own disaggregation
      '    <dataValue dataElement="Tb07HivTst0" value="0"/>\n' + // DHIS2's default combination: none
      '  </group>\n' +
      '  <group orgUnit="KgOuOOPTD00" period="2025-04-01/P3M" dataSet="TbQrtRpt001">\n' +
      '    <dataValue dataElement="Tb08NrPbc00" value="12" categoryOptionCombo="CocCur00000"/>\n' + // else the combination's UID
      '  </group>\n' +
      '</adx>\n',
    );
    expect(await adxErrors(adxDocument({ ...set, period: { year: 2025 } }, exported))).toEqual([]);
  });

  it('escapes what XML must, and the schema refuses a wrong period, UID or value (the check bites)', async () => {
    const odd = adxDocument({ ...set, values: [{ ...set.values[0], disaggregation: { NOTE: 'a<b & "c"' } }] }, exported);
    expect(odd).toContain('NOTE="a&lt;b &amp; &quot;c&quot;"');
    expect(await adxErrors(odd)).toEqual([]);
    const xml = adxDocument(set, exported);
    expect(await adxErrors(xml.replace(/2025-04-01\/P3M/g, '2025Q2'))).not.toEqual([]);
    expect(await adxErrors(xml.replace('KgOuOOPTD00', 'KgOu'))).not.toEqual([]);
    expect(await adxErrors(xml.replace('value="12"', 'value="twelve"'))).not.toEqual([]);
    expect(await adxErrors(xml.replace(' exported="2025-07-02T10:00:00Z"', ''))).not.toEqual([]);
  });
});

describe('the mapping files', () => {
  const registry = loadSchemas(schemasDir);
  const cat = whoCatalogue(reportCatalogue(registry), registry);
  const forms = loadForms(formsDir(schemasDir), cat, registry.table('tbcase'));
  const indicators = loadIndicators(indicatorsDir(schemasDir));

  it('the demo mapping loads: TB 07, TB 08 and indicators of one quarterly data set, by unit', () => {
    const [m] = loadMappings(mappingsDir(schemasDir), forms, indicators);
    expect(m).toMatchObject({ id: 'tb-quarterly', dataSet: 'TbQrtRpt001', periodType: 'Quarterly', orgUnits: 'unit' });
    // TB 07: 6 groups × 3 sites, 5 TB/HIV, 2 laboratory; TB 08: 6 rows × 7 outcomes; 6 indicator numbers
    expect(m.values.length).toBe(18 + 5 + 2 + 42 + 6);
  });

  it('names what is wrong with a mapping', () => {
    const base: Dhis2Mapping = { id: 'x', order: 0, name: { ru: 'x', en: 'x' }, dataSet: 'TbQrtRpt001', periodType: 'Quarterly', orgUnits: 'unit', values: [] };
    const cell = { form: 'tb07', table: 'byGroup', row: 'new', column: 'total', dataElement: 'Tb07New0000', categoryOptionCombo: 'HllvX50cXC0' };
    expect(mappingProblems({ ...base, values: [cell] }, forms, indicators)).toEqual([]);
    expect(mappingProblems({ ...base, values: [{ ...cell, row: 'nope' }] }, forms, indicators)).toEqual(['/values/0: tb07 has no row "nope" in table "byGroup"']);
    expect(mappingProblems({ ...base, values: [{ ...cell, form: 'tb99' }] }, forms, indicators)).toEqual(['/values/0: no WHO form "tb99" (schemas/reports/who/)']);
    expect(mappingProblems({ ...base, values: [cell, { ...cell, row: 'relapse' }] }, forms, indicators)).toEqual(['/values/1: Tb07New0000 / HllvX50cXC0 is already /values/0']);
    expect(mappingProblems({ ...base, periodType: 'Yearly', values: [cell] }, forms, indicators)).toEqual(['/values/0: a WHO form is quarterly, the data set is Yearly']);
    const ind = { indicator: 'TB.IND.8', part: 'denominator' as const, dataElement: 'TbInd8Den00', categoryOptionCombo: 'HllvX50cXC0' };
    expect(mappingProblems({ ...base, values: [ind] }, forms, indicators)).toEqual(['/values/0: TB.IND.8 is a number, it has no denominator']);
    expect(mappingProblems({ ...base, values: [{ ...ind, indicator: 'TB.IND.1', part: 'numerator' }] }, forms, indicators)).toEqual(['/values/0: TB.IND.1 is not counted (the data cannot support it)']);
  });
});

describe('DHIS2\'s import summary', () => {
  it('is read from the answer of DHIS2 before 2.38 and from its web message after', () => {
    const summary = { responseType: 'ImportSummary', status: 'WARNING', importCount: { imported: 2, updated: 1, ignored: 1, deleted: 0 }, conflicts: [{ object: 'XXXXXXXXXXX', value: 'Org unit not found or not accessible' }] };
    const expected = { status: 'WARNING', imported: 2, updated: 1, ignored: 1, deleted: 0, conflicts: [{ object: 'XXXXXXXXXXX', value: 'Org unit not found or not accessible' }] };
    expect(importSummaryOf(summary)).toEqual(expected);
    expect(importSummaryOf({ httpStatus: 'Conflict', httpStatusCode: 409, status: 'WARNING', message: 'One more conflicts encountered', response: summary })).toEqual(expected);
    expect(importSummaryOf({ httpStatus: 'Unauthorized', status: 'ERROR' })).toBeUndefined();
    expect(importSummaryOf('<html>')).toBeUndefined();
  });
});
