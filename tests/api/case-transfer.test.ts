// A case's transfer between units: out, in and undo are declared actions on tbcase, each guarded by
// its permission and its rule; while it is transferred, the unit it leaves and the one it goes to
// both see it (the one it leaves only looks), until it is confirmed. The set-up it shares with the
// rest of the workflow: tests/helpers/case-workflow.ts.
import { describe, expect, it } from 'vitest';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { historyOf } from '../helpers/history.ts';
import { unitNamed } from '../helpers/cases.ts';
import { createUser } from '../helpers/users.ts';
import { act, bdoc, bishkek, kant, kdoc, newCase, refused, stored, useWorkflowUsers, WORKFLOW } from '../helpers/case-workflow.ts';

useTestServer();
useWorkflowUsers();

describe('transfer', () => {
  it('transfers out to another unit: both units see the case, the receiving unit owns it', async () => {
    const id = await newCase();
    expect((await kdoc.get(`/api/tbl/tbcase/${id}`)).status).toBe(404); // not yet Kant's
    expect((await act(bdoc, id, 'transferout', { unitToId: kant })).body).toEqual({ success: true });
    const row = await stored(id);
    expect(row).toMatchObject({ ownerUnitId: kant, transferFromUnitId: bishkek, transferring: true, moveDate: new Date().toISOString().slice(0, 10) });
    expect((await kdoc.get(`/api/tbl/tbcase/${id}`)).status).toBe(200);
    expect((await bdoc.get(`/api/tbl/tbcase/${id}`)).status).toBe(200);
    expect((await kdoc.post('/api/tbl/tbcase/query', {})).body.list.map((c: any) => c.id)).toContain(id);
    // the sending unit's list too (its own cases and the one leaving it, merged in the list's order) and its count
    const sending = (await bdoc.post('/api/tbl/tbcase/query', {})).body;
    expect(sending.list.map((c: any) => c.id)).toContain(id);
    expect(sending.count).toBe(sending.list.length);
    const dates = sending.list.map((c: any) => c.registrationDate ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    const entry = (await historyOf(id)).at(-1)!;
    expect(entry).toMatchObject({ type: 'tbcase', action: 'transferout' });
    expect(entry.detail?.diffs).toContainEqual(expect.objectContaining({ title: 'Учреждение, ведущее случай', newValue: expect.stringContaining('Ысык-Атинский') }));

    refused(await act(bdoc, id, 'transferout', { unitToId: kant }), 400, 'Случай уже переводится в другое учреждение');
    refused(await act(kdoc, id, 'transferout', { unitToId: bishkek }), 400, 'Случай уже переводится в другое учреждение');
    // the sending unit cannot confirm, the receiving one cannot undo
    refused(await act(bdoc, id, 'transferin', {}), 403, 'Вы не можете подтвердить это восстановление');
    refused(await act(kdoc, id, 'undotransfer', {}), 403, 'Отменить перевод может только учреждение, из которого переводится случай');
    expect((await stored(id)).version).toBe(row.version);

    const actions = Object.fromEntries((await bdoc.get(`/api/tbl/tbcase/${id}/actions`)).body.map((a: any) => [a.name, a]));
    expect(actions.transferin).toEqual({ name: 'transferin', enabled: false, reason: 'Вы не можете подтвердить это восстановление' });
    expect(actions.undotransfer.enabled).toBe(true);

    // until Kant accepts it, Bishkek finds it in its unit's cases and counts, marked, and only looks at it
    const unitPage = (await bdoc.post(`/api/cases/unit/${bishkek}`, { tab: 'tbCases' })).body.tbCases;
    expect(unitPage.list.find((c: any) => c.id === id)).toMatchObject({ transferring: true, ownerUnit: { id: kant } });
    expect(unitPage.count).toBe(unitPage.list.length);
    expect((await kdoc.post(`/api/cases/unit/${kant}`, { tab: 'tbCases' })).body.tbCases.list.map((c: any) => c.id)).not.toContain(id);
    const READ_ONLY = 'Случай переведён в другое учреждение: до подтверждения перевода он доступен только для просмотра';
    for (const name of ['validate', 'close', 'delete']) expect(actions[name], name).toMatchObject({ enabled: false, reason: READ_ONLY });
    refused(await act(bdoc, id, 'close', { outcome: 'DIED', outcomeDate: '2025-06-01' }), 403, READ_ONLY);
    refused(await act(bdoc, id, 'validate'), 403, READ_ONLY);
    // nor edits it, starts its treatment or adds to it, whatever the route: 403, read-only here
    const sender = await createUser(server, admin, 'WFSENDER', [...WORKFLOW, { permission: 'CASECONTACT', canChange: true }, { permission: 'CASE_TREAT' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
    const contactsBefore = (await admin.post('/api/tbl/contact/query', { filters: { caseId: id } })).body.count;
    for (const r of [
      await sender.post('/api/cases/case/edit/save', { caseId: id, doc: await (async () => { const d = (await sender.get(`/api/cases/case/edit/form/${id}`)).body.doc; return { ...d, tbcase: { ...d.tbcase, registrationDate: '2025-01-11', diagnosisDate: '2025-01-11' } }; })() }),
      await sender.post('/api/cases/contact/new', { caseId: id, doc: { patient: { name: 'Бакыт', lastName: 'Токтогулов', gender: 'MALE', birthDate: '1991-01-01' }, contact: { registrationDate: '2025-01-12', contactType: 'household' } } }),
      await sender.post('/api/cases/case/treatment/start', { caseId: id, unitId: bishkek, iniDate: '2025-01-06' }),
    ]) {
      expect([r.status, r.body.errors?.[0]?.msg]).toEqual([403, 'Эта запись доступна вам только для просмотра (например, случай, переведённый в другое учреждение, до подтверждения перевода)']);
    }
    expect((await admin.post('/api/tbl/contact/query', { filters: { caseId: id } })).body.count).toBe(contactsBefore);
    expect((await stored(id)).version).toBe(row.version);
    // the receiving unit acts on it
    const receiving = Object.fromEntries((await kdoc.get(`/api/tbl/tbcase/${id}/actions`)).body.map((a: any) => [a.name, a]));
    expect(receiving.validate.enabled).toBe(true);

    expect((await act(kdoc, id, 'transferin', {})).body).toEqual({ success: true });
    const done = await stored(id);
    expect(done).toMatchObject({ ownerUnitId: kant, transferring: false });
    expect(done.transferFromUnitId).toBeUndefined();
    expect((await bdoc.get(`/api/tbl/tbcase/${id}`)).status).toBe(404); // Bishkek's sight ended
    expect((await historyOf(id)).map((e) => e.action)).toEqual(['create', 'transferout', 'transferin']);
  });

  it('undo by the sending unit takes the case back', async () => {
    const id = await newCase();
    await act(bdoc, id, 'transferout', { unitToId: kant });
    expect((await act(bdoc, id, 'undotransfer', {})).body).toEqual({ success: true });
    const row = await stored(id);
    expect(row).toMatchObject({ ownerUnitId: bishkek, transferring: false });
    expect(row.transferFromUnitId).toBeUndefined();
    expect((await kdoc.get(`/api/tbl/tbcase/${id}`)).status).toBe(404);
    refused(await act(bdoc, id, 'undotransfer', {}), 400, 'Случай не переводится');
    refused(await act(bdoc, id, 'transferin', {}), 400, 'Случай не переводится');
    expect((await historyOf(id)).map((e) => e.action)).toEqual(['create', 'transferout', 'undotransfer']);
  });

  it('refuses a closed case, the same unit, an unknown unit, a laboratory, and a case on treatment without the move date', async () => {
    const closed = await newCase({ state: 'CLOSED', iniTreatmentDate: '2025-01-12', outcome: 'CURED', outcomeDate: '2025-05-05' });
    refused(await act(bdoc, closed, 'transferout', { unitToId: kant }), 400, 'Закрытый случай нельзя перевести');
    const id = await newCase({ state: 'ONTREATMENT', iniTreatmentDate: '2025-01-12' });
    const before = await stored(id);
    const same = await act(bdoc, id, 'transferout', { unitToId: bishkek });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual([{ field: 'unitToId', msg: 'Случай уже ведётся этим учреждением: выберите другое' }]);
    const noDate = await act(bdoc, id, 'transferout', { unitToId: kant });
    expect(noDate.body.errors).toEqual([{ field: 'moveDate', msg: 'Дата перевода: Обязательное поле' }]);
    const nowhere = await act(bdoc, id, 'transferout', { unitToId: crypto.randomUUID() });
    expect(nowhere.body.errors).toEqual([{ field: 'unitToId', msg: 'Случай можно перевести только в учреждение ТБ' }]);
    const lab = await act(bdoc, id, 'transferout', { unitToId: await unitNamed(admin, 'Национальная референс-лаборатория'), moveDate: '2025-02-01' });
    expect(lab.status).toBe(400);
    expect(lab.body.errors).toEqual([{ field: 'unitToId', msg: 'Случай можно перевести только в учреждение ТБ' }]);
    expect((await stored(id)).version).toBe(before.version);
    expect((await act(bdoc, id, 'transferout', { unitToId: kant, moveDate: '2025-02-01' })).body).toEqual({ success: true });
    expect((await stored(id)).moveDate).toBe('2025-02-01');
    // confirming a case on treatment asks the date its treatment moved (the move dialog)
    const noInDate = await act(kdoc, id, 'transferin', {});
    expect(noInDate.body.errors).toEqual([{ field: 'moveDate', msg: 'Дата перевода: Обязательное поле' }]);
    expect((await stored(id)).transferring).toBe(true);
    expect((await act(kdoc, id, 'transferin', { moveDate: '2025-02-03' })).body).toEqual({ success: true });
    expect(await stored(id)).toMatchObject({ ownerUnitId: kant, transferring: false, moveDate: '2025-02-03' });
  });
});

describe('transfer by a user of another unit', () => {
  it('without playOtherUnits: reads another unit’s case but cannot transfer it (403); nothing changes', async () => {
    const other = await createUser(server, admin, 'WFKANTWS', WORKFLOW, 'Passw0rd', { unitId: kant, view: 'WORKSPACE', playOtherUnits: false });
    const id = await newCase();
    expect((await other.get(`/api/tbl/tbcase/${id}`)).body.ownerUnitId).toBe(bishkek);
    refused(await act(other, id, 'transferout', { unitToId: kant }), 403, 'Вы не можете переводить случаи другого учреждения');
    expect(await stored(id)).toMatchObject({ ownerUnitId: bishkek, transferring: false });
    expect((await historyOf(id)).map((e) => e.action)).toEqual(['create']);
  });

  it('with playOtherUnits: transfers out, undoes and confirms for units not their own', async () => {
    // a user of Kant who plays other units moves a Bishkek case to Kant, takes it back for Bishkek,
    // and moves it again; the receiving unit's confirmation is also theirs to give
    const player = await createUser(server, admin, 'WFPLAYER', WORKFLOW, 'Passw0rd', { unitId: kant, view: 'WORKSPACE', playOtherUnits: true });
    const id = await newCase();
    expect((await act(player, id, 'transferout', { unitToId: kant })).body).toEqual({ success: true });
    expect(await stored(id)).toMatchObject({ ownerUnitId: kant, transferFromUnitId: bishkek, transferring: true });
    expect((await act(player, id, 'undotransfer', {})).body).toEqual({ success: true });
    expect(await stored(id)).toMatchObject({ ownerUnitId: bishkek, transferring: false });
    const otherTb = await unitNamed(admin, 'Сокулукский');
    expect((await act(player, id, 'transferout', { unitToId: otherTb })).body).toEqual({ success: true });
    expect((await act(player, id, 'transferin', {})).body).toEqual({ success: true });
    expect(await stored(id)).toMatchObject({ ownerUnitId: otherTb, transferring: false });
    expect((await historyOf(id)).map((e) => e.action)).toEqual(['create', 'transferout', 'undotransfer', 'transferout', 'transferin']);
  });
});
