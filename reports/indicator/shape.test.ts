// The indicator table from grouped rows: keys in each variable's
// declared order with every declared key present (zeros too), 'Не указано' last, combinations of
// two variables with the first varying slowest, the 'Итог' row and column from the grouping sets,
// labels in both languages. Expected tables written out from the rule, not computed.
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { reportCatalogue } from '../../engine/report-vars.ts';
import { schemasDir } from '../../server/config.ts';
import { t } from '../../engine/i18n.ts';
import { keyLabel, orderedKeys, shapeIndicator, variableName, type DbRow, type Dim } from './shape.ts';

const cat = reportCatalogue(loadSchemas(schemasDir));
const dim = (id: string, names?: Map<string, string>): Dim => ({ variable: cat.variable(id)!, names });

describe('orderedKeys', () => {
  it('an enum: every declared value in declared order, then values it no longer declares, then no value', () => {
    expect(orderedKeys(dim('classification'), ['NTM', null, 'TB'], 'ru')).toEqual(['TB', 'DRTB', 'NTM', null]);
    expect(orderedKeys(dim('infectionSite'), ['BOTH'], 'ru')).toEqual(['PULMONARY', 'EXTRAPULMONARY', 'BOTH']);
    expect(orderedKeys(dim('gender'), [], 'ru')).toEqual(['MALE', 'FEMALE']);
  });
  it('yes before no; months, quarters and years in time, only those present', () => {
    expect(orderedKeys(dim('validated'), [false], 'ru')).toEqual([true, false]);
    expect(orderedKeys(dim('registrationDate.month'), ['2025-10', '2024-12', '2025-02', '2025-10'], 'ru')).toEqual(['2024-12', '2025-02', '2025-10']);
    expect(orderedKeys(dim('outcomeDate.quarter'), ['2025-Q3', null, '2025-Q1'], 'ru')).toEqual(['2025-Q1', '2025-Q3', null]);
    expect(orderedKeys(dim('iniTreatmentDate.monthsSince'), [12, 2, null, 1, 2], 'ru')).toEqual([1, 2, 12, null]);
  });
  it('catalogue rows by name in the reader’s language; age ranges in the catalogue’s order, all of them', () => {
    const units = new Map([['u2', 'Ошский'], ['u1', 'Бишкекский'], ['u3', 'Араванский']]);
    expect(orderedKeys(dim('ownerUnit', units), ['u2', 'u1', 'u3'], 'ru')).toEqual(['u3', 'u1', 'u2']);
    const ages = new Map([['a0', '0–14'], ['a1', '15–24'], ['a2', '25+']]);
    expect(orderedKeys(dim('ageRange', ages), ['a2', null], 'ru')).toEqual(['a0', 'a1', 'a2', null]);
    // a range no longer in the catalogue (cases counted under it before) comes after the catalogue's
    expect(orderedKeys(dim('ageRange', ages), ['a9', 'a1'], 'ru')).toEqual(['a0', 'a1', 'a2', 'a9']);
    // without the catalogue's names: only the ranges present, as given
    expect(orderedKeys(dim('ageRange'), ['a1'], 'ru')).toEqual(['a1']);
  });
  it('values an enum no longer declares come after the declared ones, sorted', () => {
    expect(orderedKeys(dim('classification'), ['ZZ', 'TB', 'AA'], 'ru')).toEqual(['TB', 'DRTB', 'NTM', 'AA', 'ZZ']);
  });
  it('recorded before not recorded, both always', () => {
    expect(orderedKeys(dim('cultureConversion.recorded'), [false], 'ru')).toEqual([true, false]);
  });
  it('a variable filtered to some keys lists only those, counted or not (no rows of zeros for the rest)', () => {
    expect(orderedKeys({ ...dim('classification'), only: ['DRTB', 'TB'] }, ['TB'], 'ru')).toEqual(['TB', 'DRTB']);
    expect(orderedKeys({ ...dim('gender'), only: ['FEMALE'] }, [], 'ru')).toEqual(['FEMALE']);
    expect(orderedKeys({ ...dim('validated'), only: [true] }, [true], 'ru')).toEqual([true]);
  });
});

describe('labels', () => {
  it('names variables and keys in Russian and English', () => {
    expect(variableName(cat.variable('registrationDate.month')!, 'ru')).toBe('Дата регистрации (месяц)');
    expect(variableName(cat.variable('registrationDate.quarter')!, 'en')).toBe('Registration date (quarter)');
    expect(variableName(cat.variable('ownerUnitArea2')!, 'ru')).toBe('Учреждение, ведущее случай: административная единица, уровень 2');
    expect(keyLabel(dim('gender'), 'FEMALE', 'ru')).toBe('Женский');
    expect(keyLabel(dim('gender'), 'FEMALE', 'en')).toBe('Female');
    expect(keyLabel(dim('gender'), null, 'ru')).toBe('Не указано');
    expect(keyLabel(dim('validated'), true, 'ru')).toBe('Да');
    expect(keyLabel(dim('validated'), false, 'ru')).toBe('Нет');
    expect(keyLabel(dim('cultureConversion.recorded'), false, 'ru')).toBe('Нет');
    expect(keyLabel(dim('cultureConversion.recorded'), false, 'en')).toBe('None');
    expect(keyLabel(dim('registrationDate.month'), '2025-03', 'en')).toBe('03/2025');
    expect(keyLabel(dim('registrationDate.year'), '2025', 'ru')).toBe('2025');
    // a catalogue row without its name looked up: its key
    expect(keyLabel(dim('ownerUnit'), 'u9', 'ru')).toBe('u9');
    expect(keyLabel(dim('ownerUnit', new Map([['u1', 'Бишкекский']])), 'u9', 'ru')).toBe('u9');
    expect(keyLabel(dim('registrationDate.month'), '2025-03', 'ru')).toBe('03.2025');
    expect(keyLabel(dim('registrationDate.quarter'), '2025-Q2', 'ru')).toBe('2 кв. 2025');
    expect(keyLabel(dim('registrationDate.quarter'), '2025-Q2', 'en')).toBe('Q2 2025');
    expect(keyLabel(dim('cultureConversion.recorded'), true, 'ru')).toBe('Есть');
    expect(variableName(cat.variable('iniTreatmentDate.monthsSince')!, 'ru')).toBe('Месяц лечения');
    expect(keyLabel(dim('iniTreatmentDate.monthsSince'), 3, 'ru')).toBe('Месяц 3');
    expect(keyLabel(dim('iniTreatmentDate.monthsSince'), 3, 'en')).toBe('Month 3');
  });
});

describe('shapeIndicator', () => {
  // gender (rows) × classification (columns); grouping(r0, c0): 0 cell, 1 row total, 2 column total, 3 all
  const rows: DbRow[] = [
    { r0: 'MALE', c0: 'TB', g: 0, n: 3 },
    { r0: 'MALE', c0: 'DRTB', g: 0, n: 1 },
    { r0: 'FEMALE', c0: 'TB', g: 0, n: '2' },
    { r0: null, c0: 'NTM', g: 0, n: 1 },
    { r0: 'MALE', c0: null, g: 1, n: 4 },
    { r0: 'FEMALE', c0: null, g: 1, n: 2 },
    { r0: null, c0: null, g: 1, n: 1 },
    { r0: null, c0: 'TB', g: 2, n: 5 },
    { r0: null, c0: 'DRTB', g: 2, n: 1 },
    { r0: null, c0: 'NTM', g: 2, n: 1 },
    { r0: null, c0: null, g: 3, n: 7 },
  ];
  it('places cells, totals and the grand total; declared keys without cases are zeros', () => {
    const t = shapeIndicator(rows, [dim('gender')], [dim('classification')], 'ru');
    expect(t.rows).toEqual([
      { keys: ['MALE'], labels: ['Мужской'] },
      { keys: ['FEMALE'], labels: ['Женский'] },
      { keys: [null], labels: ['Не указано'] },
    ]);
    expect(t.columns.map((c) => c.keys[0])).toEqual(['TB', 'DRTB', 'NTM']);
    expect(t.values).toEqual([
      [3, 1, 0],
      [2, 0, 0],
      [0, 0, 1],
    ]);
    expect(t.rowTotals).toEqual([4, 2, 1]);
    expect(t.columnTotals).toEqual([5, 1, 1]);
    expect(t.total).toBe(7);
    expect(t.totalLabel).toBe('Итог');
    expect(t.rowVariables).toEqual([{ id: 'gender', name: 'Пол' }]);
    expect(shapeIndicator(rows, [dim('gender')], [dim('classification')], 'en').totalLabel).toBe('Total');
  });
  it('two row variables: every combination, the first varying slowest; their totals by the 3-bit mask', () => {
    // gender, validated (rows) × state (columns): grouping(r0, r1, c0) — 1 row total, 6 column total, 7 all
    const t = shapeIndicator(
      [
        { r0: 'FEMALE', r1: true, c0: 'CLOSED', g: 0, n: 2 },
        { r0: 'FEMALE', r1: true, c0: null, g: 1, n: 2 },
        { r0: null, r1: null, c0: 'CLOSED', g: 6, n: 2 },
        { r0: null, r1: null, c0: null, g: 7, n: 2 },
      ],
      [dim('gender'), dim('validated')],
      [dim('state')],
      'ru',
    );
    expect(t.rows.map((r) => r.keys)).toEqual([['MALE', true], ['MALE', false], ['FEMALE', true], ['FEMALE', false]]);
    expect(t.rows[2].labels).toEqual(['Женский', 'Да']);
    expect(t.values[2]).toEqual([0, 0, 2]);
    expect(t.rowTotals).toEqual([0, 0, 2, 0]);
    expect(t.columnTotals).toEqual([0, 0, 2]);
    expect(t.total).toBe(2);
  });
  it('a “Не указано” column has its own total, apart from the grand total', () => {
    // validated (rows) × gender (columns), some cases without a gender: grouping(r0, c0) 0 cell, 1 row total, 2 column total, 3 all
    const t = shapeIndicator(
      [
        { r0: true, c0: 'MALE', g: 0, n: 2 },
        { r0: true, c0: null, g: 0, n: 1 },
        { r0: false, c0: null, g: 0, n: 3 },
        { r0: true, c0: null, g: 1, n: 3 },
        { r0: false, c0: null, g: 1, n: 3 },
        { r0: null, c0: 'MALE', g: 2, n: 2 },
        { r0: null, c0: null, g: 2, n: 4 },
        { r0: null, c0: null, g: 3, n: 6 },
      ],
      [dim('validated')],
      [dim('gender')],
      'ru',
    );
    expect(t.columns.map((c) => c.labels[0])).toEqual(['Мужской', 'Женский', 'Не указано']);
    expect(t.values).toEqual([
      [2, 0, 1],
      [0, 0, 3],
    ]);
    expect(t.rowTotals).toEqual([3, 3]);
    expect(t.columnTotals).toEqual([2, 0, 4]);
    expect(t.total).toBe(6);
    expect(t.columnVariables).toEqual([{ id: 'gender', name: 'Пол' }]);
  });
  it('no cases: no catalogue keys, zero totals', () => {
    const t = shapeIndicator([{ r0: null, c0: null, g: 3, n: 0 }], [dim('tag')], [dim('gender')], 'ru');
    expect(t.rows).toEqual([]);
    expect(t.values).toEqual([]);
    expect(t.columnTotals).toEqual([0, 0]);
    expect(t.total).toBe(0);
  });
});

describe('every declared variable and key has its words in both languages', () => {
  // a key left as is, a placeholder left over, or (in English) the Russian fallback
  const bad = (lang: string, text: string) => /^[a-zA-Z]+(\.[a-zA-Z0-9_]+)+$/.test(text) || text.includes('{{') || (lang === 'en' && /[а-яё]/i.test(text));
  it.each(['ru', 'en'] as const)('%s', (lang) => {
    const missing: string[] = [];
    for (const v of cat.variables) {
      if (bad(lang, variableName(v, lang))) missing.push(v.id);
      if (v.value.kind === 'enum') for (const k of v.value.keys) if (bad(lang, keyLabel({ variable: v }, k, lang))) missing.push(`${v.id}=${k}`);
    }
    for (const g of cat.groups) if (bad(lang, t(lang, `indicator.group.${g}`))) missing.push(`group ${g}`);
    expect(missing).toEqual([]);
  });
});

describe('the treatment success share beside the counts (outcome declares x-report.success: cured, completed)', () => {
  /** gender × outcome, rows `g` (grouping mask) as the statement gives them. */
  const cells = (g: number, r0: unknown, c0: unknown, n: number): DbRow => ({ r0, c0, g, n });
  // MALE: 2 cured, 1 completed, 1 died; FEMALE: 1 cured, 2 without an outcome
  const db = [
    cells(0, 'MALE', 'CURED', 2), cells(0, 'MALE', 'TREAT_COMPLETED', 1), cells(0, 'MALE', 'DIED', 1), cells(0, 'FEMALE', 'CURED', 1), cells(0, 'FEMALE', null, 2),
    cells(1, 'MALE', null, 4), cells(1, 'FEMALE', null, 3),
    cells(2, null, 'CURED', 3), cells(2, null, 'TREAT_COMPLETED', 1), cells(2, null, 'DIED', 1), cells(2, null, null, 2),
    cells(3, null, null, 7),
  ];
  it('the outcome as the column: each row\'s cured and completed of all its cases, those without an outcome counted (the cohort), and of the total', () => {
    const d = shapeIndicator(db, [dim('gender')], [dim('outcome')], 'ru');
    expect(d.success).toEqual({ side: 'column', label: 'Успех лечения, %', rates: [75, 33.3], total: 57.1 });
    expect(shapeIndicator(db, [dim('gender')], [dim('outcome')], 'en').success?.label).toBe('Treatment success, %');
  });
  it('the outcome as the row: each column\'s share; a column of no cases has none', () => {
    const flipped = db.map((r) => ({ r0: r.c0, c0: r.r0, g: r.g === 1 ? 2 : r.g === 2 ? 1 : r.g, n: r.n }));
    const d = shapeIndicator(flipped, [dim('outcome')], [dim('gender')], 'ru');
    expect(d.success).toEqual({ side: 'row', label: 'Успех лечения, %', rates: [75, 33.3], total: 57.1 });
    expect(shapeIndicator([], [dim('outcome')], [dim('gender')], 'ru').success).toEqual({ side: 'row', label: 'Успех лечения, %', rates: [null, null], total: null });
  });
  it('no share without the outcome alone on one side', () => {
    expect(shapeIndicator(db, [dim('gender')], [dim('classification')], 'ru').success).toBeUndefined();
    expect(shapeIndicator([], [dim('gender')], [dim('outcome'), dim('validated')], 'ru').success).toBeUndefined();
  });
});
