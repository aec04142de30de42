// Who may do what with a treatment — a case on treatment transferred, the permissions CASE_TREAT
// and CASE_INTAKEMED(_EDT) — and the benchmark's generated treatments, on a real server and
// PostgreSQL (set-up: tests/helpers/treatment.ts).
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { generateCases } from '../../cases/generate.ts';
import { generateTreatments } from '../../cases/treatment/generate.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server } from '../helpers/use-server.ts';
import { historyOf } from '../helpers/history.ts';
import { T, view, ok, refused, rowsOf, caseRow, newCase, standardCase, month, range, useTreatmentFixture, type TreatmentFixture } from '../helpers/treatment.ts';

let doctor: ApiClient, nurse: ApiClient, treatOnly: ApiClient, reader: ApiClient, kantDoctor: ApiClient, mover: ApiClient, bishkek: string, kant: string;
let ids: TreatmentFixture['ids'];
useTreatmentFixture((f) => ({ doctor, nurse, treatOnly, reader, kantDoctor, mover, bishkek, kant, ids } = f));
const db = () => kysely(server.ctx.orm.em.fork());

describe('transfer', () => {
  it('a transfer out splits the treatment units at the move date; undoing it gives them back', async () => {
    const id = await standardCase();
    const units = async () => (await view(admin, id)).units.map((u: any) => [u.ini, u.end, u.unit.id]);
    ok(await admin.post(`/api/tbl/tbcase/${id}/action/transferout`, { unitToId: kant, moveDate: '2025-04-01' }));
    expect(await units()).toEqual([['2025-01-06', '2025-03-31', bishkek], ['2025-04-01', '2025-07-04', kant]]);
    ok(await admin.post(`/api/tbl/tbcase/${id}/action/undotransfer`, {}));
    expect(await units()).toEqual([['2025-01-06', '2025-07-04', bishkek]]);
    ok(await admin.post(`/api/tbl/tbcase/${id}/action/transferout`, { unitToId: kant, moveDate: '2025-04-01' }));
    ok(await admin.post(`/api/tbl/tbcase/${id}/action/transferin`, { moveDate: '2025-04-10' }));
    expect(await units()).toEqual([['2025-01-06', '2025-04-09', bishkek], ['2025-04-10', '2025-07-04', kant]]);
  });

  it('a unit doctor who may transfer sends a case on treatment away, takes it back, and the receiving doctor confirms it: each one action, all of it', async () => {
    const id = await standardCase();
    const units = async () => (await view(admin, id)).units.map((u: any) => [u.ini, u.end, u.unit.id]);
    const caseOf = async () => (await admin.get(`/api/tbl/tbcase/${id}`)).body;
    // refused as a whole: a unit that is no TB unit moves neither the case nor its treatment units
    const lab = (await admin.post('/api/tbl/unit/query', { pageSize: 100 })).body.list.find((u: any) => u.type === 'LAB').id;
    refused(await mover.post(`/api/tbl/tbcase/${id}/action/transferout`, { unitToId: lab, moveDate: '2025-04-01' }), 400, 'unitToId');
    expect(await caseOf()).toMatchObject({ ownerUnitId: bishkek, transferring: false });
    expect(await units()).toEqual([['2025-01-06', '2025-07-04', bishkek]]);

    // the case leaves the doctor's unit and its treatment units follow, in the same action
    ok(await mover.post(`/api/tbl/tbcase/${id}/action/transferout`, { unitToId: kant, moveDate: '2025-04-01' }));
    expect(await caseOf()).toMatchObject({ ownerUnitId: kant, transferFromUnitId: bishkek, transferring: true, moveDate: '2025-04-01' });
    expect(await units()).toEqual([['2025-01-06', '2025-03-31', bishkek], ['2025-04-01', '2025-07-04', kant]]);
    // read-only for the sending doctor now: their own treatment rows are not theirs to change
    refused(await mover.post(`${T}/update`, { caseId: id, endDate: '2025-08-01' }), 403, 'id', 'Эта запись доступна вам только для просмотра (например, случай, переведённый в другое учреждение, до подтверждения перевода)');
    // one history entry tells the transfer: the rows it moved have none of their own
    const moved = (await rowsOf('treatunit', id)).find((r) => r.unit_id === kant)!;
    expect(await historyOf(moved.id)).toEqual([]);
    expect((await historyOf(id)).filter((e) => e.action === 'transferout')).toHaveLength(1);

    ok(await mover.post(`/api/tbl/tbcase/${id}/action/undotransfer`, {}));
    expect(await units()).toEqual([['2025-01-06', '2025-07-04', bishkek]]);
    ok(await mover.post(`/api/tbl/tbcase/${id}/action/transferout`, { unitToId: kant, moveDate: '2025-04-01' }));
    ok(await kantDoctor.post(`/api/tbl/tbcase/${id}/action/transferin`, { moveDate: '2025-04-10' }));
    expect(await units()).toEqual([['2025-01-06', '2025-04-09', bishkek], ['2025-04-10', '2025-07-04', kant]]);
    expect(await caseOf()).toMatchObject({ ownerUnitId: kant, transferring: false });
  });
});

describe('permissions', () => {
  it('CASE_TREAT starts, changes and cancels; without it every such call is 403 and nothing changes', async () => {
    const id = await newCase();
    for (const who of [reader, nurse]) {
      expect((await who.post(`${T}/start`, { caseId: id, unitId: bishkek, iniDate: '2025-01-06', regimenId: ids.regTb })).status).toBe(403);
    }
    expect(await view(reader, id)).toMatchObject({ started: false, canStart: false });
    ok(await treatOnly.post(`${T}/start`, { caseId: id, unitId: bishkek, iniDate: '2025-01-06', regimenId: ids.regTb }));
    const p = (await view(doctor, id)).prescriptions[0].periods[0].prescriptionId;
    for (const who of [reader, nurse]) {
      expect((await who.post(`${T}/update`, { caseId: id, endDate: '2025-05-01' })).status).toBe(403);
      expect((await who.post(`${T}/prescription/add`, { caseId: id, productId: ids.hr, iniDate: '2025-02-10', endDate: '2025-02-20', doseUnit: 2, frequency: 7 })).status).toBe(403);
      expect((await who.post(`${T}/prescription/update`, { caseId: id, prescriptionId: p, iniDate: '2025-01-06', endDate: '2025-03-06', doseUnit: 2, frequency: 7, preservePrevPeriod: false })).status).toBe(403);
      expect((await who.delete(`${T}/prescription/delete/${p}`)).status).toBe(403);
      expect((await who.post(`${T}/undo/${id}`)).status).toBe(403);
    }
    expect(await rowsOf('prescription', id)).toHaveLength(2);
    expect((await caseRow(id)).state).toBe('ONTREATMENT');
  });

  it('CASE_INTAKEMED reads the calendar, CASE_INTAKEMED_EDT saves it', async () => {
    const id = await standardCase();
    ok(await month(id, 2025, 2, range(1, 5, 'DOTS')));
    const treat = await view(treatOnly, id);
    expect(treat).toMatchObject({ calendar: false, editable: false, followup: [], canChange: true });
    expect((await month(id, 2025, 2, range(1, 6, 'DOTS'), treatOnly)).status).toBe(403);
    const n = await view(nurse, id);
    expect(n).toMatchObject({ calendar: true, editable: false, canChange: false });
    expect(n.followup.find((m: any) => m.month === 2).takenDays).toBe(5);
    expect((await month(id, 2025, 2, range(1, 6, 'DOTS'), nurse)).status).toBe(403);
    expect((await month(id, 2025, 2, range(1, 6, 'DOTS'), reader)).status).toBe(403);
    expect((await rowsOf('adherence', id))[0].days.slice(0, 6)).toBe('DDDDD-');
  });

  it('another unit sees neither the treatment nor the case (404), and changes nothing', async () => {
    const id = await standardCase();
    expect((await kantDoctor.get(`${T}/${id}`)).status).toBe(404);
    expect((await month(id, 2025, 2, range(1, 3, 'DOTS'), kantDoctor)).status).toBe(404);
    expect((await kantDoctor.post(`${T}/undo/${id}`)).status).toBe(404);
    const other = await newCase();
    expect((await kantDoctor.post(`${T}/start`, { caseId: other, unitId: kant, iniDate: '2025-01-06', regimenId: ids.regTb })).status).toBe(404);
    expect(await rowsOf('treatment', other)).toEqual([]);
  });

  it('a bad id is a 400 naming it', async () => {
    refused(await doctor.get(`${T}/not-a-uuid`), 400, 'caseId');
    refused(await doctor.post(`${T}/start`, { unitId: bishkek, iniDate: '2025-01-06', regimenId: ids.regTb }), 400, 'caseId');
    refused(await doctor.delete(`${T}/prescription/delete/xyz`), 400, 'prescriptionId');
  });
});

describe('generated treatments (the benchmark\'s data)', () => {
  it('give each generated case on treatment 24 months of intake that the rules accept and the tab shows', async () => {
    const ws = (await db().selectFrom('workspace').select('id').executeTakeFirstOrThrow()).id as string;
    await generateCases(db(), ws, 60, { unitIds: [bishkek], numberPrefix: 'TRG-', seed: 'treatment-test' });
    const n = await generateTreatments(db(), ws);
    const onTreatment = await db().selectFrom('tbcase').select('id').where('case_number', 'like', 'TRG-%').where('state', '=', 'ONTREATMENT').execute();
    expect(n).toBeGreaterThanOrEqual(onTreatment.length);
    expect(onTreatment.length).toBeGreaterThan(3);
    const treated = await db().selectFrom('treatment').select('case_id').where('case_id', 'in', onTreatment.map((r) => r.id)).execute();
    expect(treated).toHaveLength(onTreatment.length);
    const badLength = await sql<{ n: number }>`select count(*)::int as n from adherence a join tbcase c on c.id = a.case_id
      where c.case_number like 'TRG-%' and length(a.days) <> extract(day from (make_date(a.year, a.month, 1) + interval '1 month' - interval '1 day'))`.execute(db());
    expect(badLength.rows[0].n).toBe(0);
    const full = await sql<{ id: string; ini: string }>`select c.id, c.ini_treatment_date::text as ini from tbcase c
      where c.case_number like 'TRG-%' and c.state = 'ONTREATMENT' and (select count(*) from adherence a where a.case_id = c.id) >= 24 limit 1`.execute(db());
    const c = full.rows[0];
    const v = await view(doctor, c.id);
    expect(v.period.ini).toBe(c.ini);
    expect(v.followup.length).toBeGreaterThanOrEqual(24);
    expect(v.followup.reduce((k: number, m: any) => k + m.takenDays, 0)).toBeGreaterThan(600);
    // a generated month saved back unchanged through the API passes every rule
    const m = v.followup[2];
    ok(await month(c.id, m.year, m.month, m.days));
  });
});
