// The WHO DR-TB forms on a hand-built register: RR/MDR-TB detected and enrolled by regimen
// (TB 07-MDR, 2025 Q1), the 6-month interim results (cohort started 2024 Q2, asked in 2025 Q1) and the
// final outcomes (cohort started 2023 Q1, asked in 2025 Q1). Every number is written from the rule.
import { beforeAll, describe, expect, it } from 'vitest';
import { unitNamed } from '../helpers/cases.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { writeWhoCases, type WhoCase } from '../helpers/who-cases.ts';
import { whoCells, whoReport } from '../helpers/who-report.ts';
import { kysely } from '../../server/db/kysely.ts';

useTestServer();
let A: string;

const dr = (c: Partial<WhoCase> & { key: string; registered: string }): WhoCase => ({ unit: A, classification: 'DRTB', resistance: 'MDR', ...c });

beforeAll(async () => {
  A = await unitNamed(admin, 'Бишкекский городской');
  const ws = (await admin.post('/api/sys/session')).body.workspaceId;
  const db = kysely(server.ctx.orm.em.fork());
  const regimen = await db.selectFrom('regimen').select('id').where('workspace_id', '=', ws).executeTakeFirstOrThrow();
  const std = regimen.id as string;
  await writeWhoCases(server, ws, [
    // TB 07-MDR, 2025 Q1
    dr({ key: 'd1', registered: '2025-01-10', resistance: 'RR', treatment: { end: '2026-01-10', regimenId: std } }), // shorter: 12 months exactly
    dr({ key: 'd2', registered: '2025-01-11', treatment: { end: '2026-01-12', regimenId: std } }), // longer: 12 months and a day
    dr({ key: 'd3', registered: '2025-02-01', resistance: 'PRE_XDR', treatment: { end: '2026-08-01', regimenId: std, individualized: true } }), // individual
    dr({ key: 'd4', registered: '2025-02-02', resistance: 'XDR', treatment: { end: '2026-08-02' } }), // no catalogue regimen: individual
    dr({ key: 'd5', registered: '2025-03-03', diagnosisType: 'CONFIRMED' }), // detected, treatment started with no treatment row yet: individual
    dr({ key: 'd6', registered: '2025-03-04', outcome: 'LOST_FOLLOWUP_BEFORE_TREATMENT' }), // detected, never started
    dr({ key: 'd7', registered: '2025-03-05', resistance: 'MONO_RESISTANCE' }), // excluded: not RR
    dr({ key: 'd8', registered: '2024-12-20', treatmentStart: '2025-01-05', treatment: { end: '2026-07-05', regimenId: std } }), // detected in 2024 Q4, enrolled in 2025 Q1 on a longer regimen
    // interim cohort: started 2024 Q2
    dr({ key: 'i1', registered: '2024-04-01', converted: '2024-06-01', culture: 'NEGATIVE', treatment: { end: '2025-04-01', regimenId: std } }),
    dr({ key: 'i2', registered: '2024-04-02', culture: 'POSITIVE', cultures: [{ date: '2024-04-02', result: 'POSITIVE' }], treatment: { end: '2025-04-01', regimenId: std } }),
    // died / lost by month 6 count as such (i3 converted first, died 2024-09-01; i5 lost on the very day of month 6) …
    dr({ key: 'i3', registered: '2024-05-01', outcome: 'DIED', outcomeDate: '2024-09-01', converted: '2024-06-01', treatment: { end: '2025-05-01', regimenId: std } }),
    dr({ key: 'i4', registered: '2024-06-30', resistance: 'PRE_XDR', treatment: { end: '2025-06-30', regimenId: std } }), // no culture: not evaluated
    dr({ key: 'i5', registered: '2024-06-15', outcome: 'LOST_FOLLOWUP', outcomeDate: '2024-12-15', treatment: { end: '2025-06-15', regimenId: std } }),
    // … after month 6 they do not: the case counts by its culture as it stood at month 6
    // i11: converted 2024-06-01, died a day past month 6 (2024-11-03 > 2024-11-02): negative
    dr({ key: 'i11', registered: '2024-05-02', outcome: 'DIED', outcomeDate: '2024-11-03', culture: 'NEGATIVE', converted: '2024-06-01', cultures: [{ date: '2024-06-01', result: 'NEGATIVE' }] }),
    // i12: no culture, lost 2025-01-10 (month 6 was 2024-11-03): not evaluated
    dr({ key: 'i12', registered: '2024-05-03', outcome: 'LOST_FOLLOWUP', outcomeDate: '2025-01-10' }),
    // the culture at month 6 of treatment (start + 6 months), not the current one: each of these reads otherwise today
    // i6: positive at month 6 (2024-09-01); converted only later (2024-11-01 > 2024-10-10): today 'negative'
    dr({ key: 'i6', registered: '2024-04-10', culture: 'NEGATIVE', converted: '2024-11-01', cultures: [{ date: '2024-04-10', result: 'POSITIVE' }, { date: '2024-09-01', result: 'POSITIVE' }, { date: '2024-11-01', result: 'NEGATIVE' }, { date: '2024-12-15', result: 'NEGATIVE' }] }),
    // i7: converted (2024-05-01) and reverted (2024-09-01) before month 6 (2024-10-05): positive; today converted, 'negative'
    dr({ key: 'i7', registered: '2024-04-05', culture: 'NEGATIVE', converted: '2024-05-01', reverted: '2024-09-01', cultures: [{ date: '2024-04-05', result: 'POSITIVE' }, { date: '2024-05-01', result: 'NEGATIVE' }, { date: '2024-06-05', result: 'NEGATIVE' }, { date: '2024-09-01', result: 'POSITIVE' }, { date: '2025-01-10', result: 'NEGATIVE' }] }),
    // i8: negative at month 6, no conversion: not evaluated; today's culture 'positive' (2024-12-01)
    dr({ key: 'i8', registered: '2024-05-20', culture: 'POSITIVE', cultures: [{ date: '2024-07-01', result: 'NEGATIVE' }, { date: '2024-12-01', result: 'POSITIVE' }] }),
    // i9: a positive culture on the very day of month 6 (2024-12-10) counts: positive; today negative, not evaluated
    dr({ key: 'i9', registered: '2024-06-10', culture: 'NEGATIVE', cultures: [{ date: '2024-12-10', result: 'POSITIVE' }, { date: '2025-01-05', result: 'NEGATIVE' }] }),
    // i10: one day past month 6 (2024-12-12 > 2024-12-11) it does not: not evaluated; today 'positive'
    dr({ key: 'i10', registered: '2024-06-11', culture: 'POSITIVE', cultures: [{ date: '2024-06-11', result: 'NEGATIVE' }, { date: '2024-12-12', result: 'POSITIVE' }] }),
    // final cohort: started 2023 Q1
    dr({ key: 'f1', registered: '2023-01-10', outcome: 'CURED', treatment: { end: '2023-10-10', regimenId: std } }),
    dr({ key: 'f2', registered: '2023-02-10', outcome: 'TREAT_FAILED', hiv: { result: 'POSITIVE', art: true }, treatment: { end: '2024-08-10', regimenId: std } }),
    dr({ key: 'f3', registered: '2023-03-10', resistance: 'XDR', outcome: 'TREAT_COMPLETED', treatment: { end: '2024-09-10' } }),
    dr({ key: 'f4', registered: '2023-03-20', treatment: { end: '2024-09-20', regimenId: std } }), // no outcome: in the cohort, not evaluated
  ]);
}, 240_000);

const cells = async (form: string) => {
  const result = await whoReport(admin, { form, year: 2025, quarter: 1, scope: 'UNIT', scopeId: A });
  return { result, table: whoCells(result) };
};

describe('DR-TB forms', () => {
  it('TB 07-MDR: detected in the quarter, and how many of them started treatment', async () => {
    const { result, table } = await cells('tb07mdr');
    // RR/MDR: d1 d2 d5 started, d6 never; pre-XDR d3; XDR d4 (d8 was detected in 2024 Q4)
    expect(table).toEqual({
      rrMdr: { detected: 4, started: 3 },
      preXdr: { detected: 1, started: 1 },
      xdr: { detected: 1, started: 1 },
      total: { detected: 6, started: 5 },
    });
    expect(result.excluded.list.map((x: any) => [x.caseNumber, x.reason])).toEqual([['d7', 'noResistance']]);
  });

  it('TB 07-MDR enrolment: started on treatment in the quarter, by regimen type', async () => {
    const { result, table } = await cells('tb07mdrEnrolled');
    // d1 shorter (12 months exactly), d2 and d8 longer (a day more; d8 registered the quarter before), d5 individual (no treatment row),
    // d3 individual (moved to an individualised regimen), d4 individual (no catalogue regimen); d6 never started
    expect(table).toEqual({
      rrMdr: { started: 4, short: 1, long: 2, individual: 1 },
      preXdr: { started: 1, short: 0, long: 0, individual: 1 },
      xdr: { started: 1, short: 0, long: 0, individual: 1 },
      total: { started: 6, short: 1, long: 2, individual: 3 },
    });
    expect(result.period).toEqual({ from: '2025-01-01', to: '2025-04-01' });
  });

  it('6-month interim results of the cohort started three quarters earlier, by the culture at month 6 of treatment', async () => {
    const { result, table } = await cells('tb08mdrInterim');
    expect(result.period).toEqual({ from: '2024-04-01', to: '2024-07-01' });
    // negative i1, i11; positive i2, i6, i7, i9; died i3; lost i5; not evaluated i8, i10, i12 (RR/MDR) and i4 (pre-XDR)
    expect(table).toEqual({
      rrMdr: { started: 11, negative: 2, positive: 4, died: 1, lost: 1, notEvaluated: 3 },
      preXdr: { started: 1, negative: 0, positive: 0, died: 0, lost: 0, notEvaluated: 1 },
      xdr: { started: 0, negative: 0, positive: 0, died: 0, lost: 0, notEvaluated: 0 },
      total: { started: 12, negative: 2, positive: 4, died: 1, lost: 1, notEvaluated: 4 },
    });
    const drill = async (column: string) => {
      const r = await admin.post('/api/who/cases', { form: 'tb08mdrInterim', year: 2025, quarter: 1, scope: 'UNIT', scopeId: A, table: 'interim', row: 'total', column });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.list.map((x: any) => x.caseNumber).sort();
    };
    expect(await drill('positive')).toEqual(['i2', 'i6', 'i7', 'i9']);
    expect(await drill('notEvaluated')).toEqual(['i10', 'i12', 'i4', 'i8']);
    expect(await drill('negative')).toEqual(['i1', 'i11']);
    expect(await drill('died')).toEqual(['i3']);
    expect(await drill('lost')).toEqual(['i5']);
  });

  it('final outcomes of the cohort started 24 months earlier (2021 definitions)', async () => {
    const { result, table } = await cells('tb08mdr');
    expect(result.period).toEqual({ from: '2023-01-01', to: '2023-04-01' });
    const none = { registered: 0, cured: 0, completed: 0, failed: 0, died: 0, lost: 0, notEvaluated: 0, success: 0 };
    expect(table).toEqual({
      rrMdr: { ...none, registered: 3, cured: 1, failed: 1, notEvaluated: 1, success: 1 }, // f1, f2, f4
      preXdr: none,
      xdr: { ...none, registered: 1, completed: 1, success: 1 },
      hivPositive: { ...none, registered: 1, failed: 1 },
      total: { ...none, registered: 4, cured: 1, completed: 1, failed: 1, notEvaluated: 1, success: 2 },
    });
    expect(result.excluded.list).toEqual([]);
  });
});
