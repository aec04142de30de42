// The values a follow-up exam takes: each listed value of a list field kept and another refused,
// a laboratory only where the spec asks for one, the twelve per-drug DST results, the AFB and
// colony counts within 1–9, and the card naming values by their labels.
// Shared set-up: tests/helpers/followup-exams.ts.
import { describe, expect, it } from 'vitest';
import { dstDrugs, fieldsOf, lab, other, storedRow, tbunit, types, useFollowupExams, writer } from '../helpers/followup-exams.ts';

useFollowupExams();

describe('lists of values', () => {
  const lists: [string, string, string[], Record<string, unknown>][] = [
    ['examcul', 'method', ['LJ', 'MGIT960', 'MGIT320', 'LPA', 'OK', 'OTHER'], { date: '2024-04-12', result: 'NEGATIVE' }],
    ['examdst', 'method', ['PROPORTIONS', 'MGIT960', 'MGIT320', 'LPA', 'OTHER'], { date: '2024-04-14' }],
    ['examxray', 'presentation', ['CAVITARY', 'INFILTRATE', 'NORMAL', 'OTHER', 'PENDING'], { date: '2024-04-16' }],
    ['exammic', 'result', ['NEGATIVE', 'POSITIVE', 'PLUS', 'PLUS2', 'PLUS3', 'NOTDONE'], { date: '2024-04-11' }],
    ['examhiv', 'result', ['POSITIVE', 'NEGATIVE', 'ONGOING', 'NOTDONE'], { date: '2024-04-15' }],
  ];

  it.each(lists)('%s.%s takes each listed value and refuses another, naming the field', async (table, field, values, base) => {
    const needsLab = ['exammic', 'examdst'].includes(table) ? { laboratoryId: lab } : {};
    for (const value of values) {
      const extra = value === 'POSITIVE' && table === 'exammic' ? { numberOfAFB: 2 } : {};
      const r = await writer.post(`/api/tbl/${table}`, { caseId: other.id, ...base, ...needsLab, [field]: value, ...extra });
      expect(r.status, `${field}=${value}`).toBe(200);
      expect((await storedRow(table, r.body.result))[field]).toBe(value);
    }
    const bad = await writer.post(`/api/tbl/${table}`, { caseId: other.id, ...base, ...needsLab, [field]: 'UNLISTED' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual([field]);
  });

  it('the card names values by their labels (the row’s view and the follow-up list’s, without the case and date)', async () => {
    const r = await writer.post('/api/tbl/examxray', { caseId: other.id, date: '2024-04-16', presentation: 'CAVITARY', evolution: 'IMPROVED' });
    const view = (await writer.get(`/api/tbl/examxray/view/${r.body.result}`)).body.items;
    expect(view).toEqual(expect.arrayContaining([{ title: 'Картина', value: 'Полостная' }, { title: 'Динамика', value: 'Улучшение' }]));
    const item = (await writer.get(`/api/cases/case/followups/${other.id}`)).body.find((i: any) => i.data.id === r.body.result);
    expect(item.view).toEqual([{ title: 'Картина', value: 'Полостная' }, { title: 'Динамика', value: 'Улучшение' }]);
  });
});

describe('laboratory, DST results', () => {
  it('offers and accepts only a laboratory where the spec requires one (x-ref-filter type LAB)', async () => {
    for (const table of ['exammic', 'examxpert', 'examdst']) {
      const valid = types().find((x) => x.table === table)!.valid;
      const r = await writer.post(`/api/tbl/${table}`, { caseId: other.id, ...valid, laboratoryId: tbunit });
      expect(r.status, table).toBe(400);
      expect(fieldsOf(r)).toEqual(['laboratoryId']);
    }
    const opts = await writer.post('/api/opts/unit', { for: 'exammic.laboratoryId' });
    expect(opts.status).toBe(200);
    const values = opts.body.map((o: any) => o.value);
    expect(values).toContain(lab);
    expect(values).not.toContain(tbunit);
  });

  it('stores the twelve per-drug results, NOTDONE when not given', async () => {
    const r = await writer.post('/api/tbl/examdst', { caseId: other.id, date: '2024-05-01', laboratoryId: lab, resultR: 'RESISTANT' });
    expect(r.status).toBe(200);
    const row = await storedRow('examdst', r.body.result);
    for (const d of dstDrugs) expect(row[`result${d}`], d).toBe(d === 'R' ? 'RESISTANT' : 'NOTDONE');
  });

  it('requires every per-drug result: an emptied one is refused, naming it', async () => {
    const r = await writer.post('/api/tbl/examdst', { caseId: other.id, date: '2024-05-01', laboratoryId: lab, resultEto: null });
    expect(r.status).toBe(400);
    expect(new Set(fieldsOf(r))).toEqual(new Set(['resultEto']));
    const id = (await writer.post('/api/tbl/examdst', { caseId: other.id, date: '2024-05-01', laboratoryId: lab })).body.result;
    const up = await writer.post(`/api/tbl/examdst/${id}`, { resultLfx: null });
    expect(up.status).toBe(400);
    expect(new Set(fieldsOf(up))).toEqual(new Set(['resultLfx']));
    expect((await storedRow('examdst', id)).resultLfx).toBe('NOTDONE');
  });

  it('refuses a per-drug result outside the list, naming the drug’s field', async () => {
    const r = await writer.post('/api/tbl/examdst', { caseId: other.id, date: '2024-05-01', laboratoryId: lab, resultCfz: 'POSITIVE' });
    expect(r.status).toBe(400);
    expect(fieldsOf(r)).toEqual(['resultCfz']);
  });

  it('refuses a count of AFB or colonies outside 1–9', async () => {
    for (const [table, field, valid] of [['exammic', 'numberOfAFB', types()[1].valid], ['examcul', 'numberOfColonies', types()[2].valid]] as const) {
      for (const n of [0, 10]) {
        const r = await writer.post(`/api/tbl/${table}`, { caseId: other.id, ...valid, result: 'POSITIVE', [field]: n });
        expect(r.status, `${field}=${n}`).toBe(400);
        expect(fieldsOf(r)).toEqual([field]);
      }
    }
  });
});
