// The one door's generic test, for every declared row action (from the modules): run through the
// API, an action must give its row a new version (or, writing only other rows, give them theirs),
// put exactly the changes it made in the feed, keep the analytic rows a recomputation of the case
// makes, and leave the user's command in the history. An action this file does not know fails as
// uncovered. Every declared table: every-write.test.ts; the fixture and the check of a change:
// tests/helpers/every-write.ts.
import { describe, expect, it } from 'vitest';
import type { RowAction } from '../../server/types.ts';
import { domainModules } from '../../app/domains.ts';
import { admin, useTestServer } from '../helpers/use-server.ts';
import { change, db, f, fresh, newCase, newOrder, newTransfer, newUser, ok, tptCourse, treatedCase, useWriteFixture, versionOf, type Doc } from '../helpers/every-write.ts';

useTestServer();
useWriteFixture();

const actions: RowAction[] = domainModules.flatMap((m) => m.actions ?? []);

/**
 * A row an action may run on, and its input; for an action that changes other rows than its own
 * (its own row only locked, guarded and named in the history), the row it must change.
 */
type ActionSample = () => Promise<{ id: string; input?: Doc; changes?: OtherRow }>;
/** The other row an action writes: its table, and how to find it (before the action it may not exist). */
interface OtherRow {
  table: string;
  find: () => Promise<string | undefined>;
}

/** The account behind a workspace user: a new password changes it, not the workspace user. */
const accountOf = (userwsId: string): OtherRow => ({
  table: 'sysuser',
  find: async () => String((await db().selectFrom('userws').select('user_id').where('id', '=', userwsId).executeTakeFirstOrThrow()).user_id),
});
/** The case's link to a tag. */
const linkOf = (caseId: string, tagId: string): OtherRow => ({
  table: 'casetag',
  find: async () => (await db().selectFrom('casetag').select('id').where('case_id', '=', caseId).where('tag_id', '=', tagId).executeTakeFirst())?.id as string | undefined,
});

const actionSamples: Record<string, ActionSample> = {
  'stocktransfer.receive': async () => ({ id: await newTransfer(), input: { date: '2025-02-03' } }),
  'stocktransfer.cancel': async () => ({ id: await newTransfer(), input: { date: '2025-02-03' } }),
  'stockorder.authorize': async () => ({ id: await newOrder('NEW'), input: { date: '2025-02-02' } }),
  'stockorder.cancelOrder': async () => ({ id: await newOrder('AUTHORIZED'), input: { date: '2025-02-03' } }),
  'stockorder.send': async () => {
    const id = await newOrder('AUTHORIZED');
    const supplier = String((await db().selectFrom('unit').select('supplier_id').where('id', '=', f.unit).executeTakeFirstOrThrow()).supplier_id);
    const sourceId = (await admin.post('/api/tbl/source/query', { pageSize: 10 })).body.list[0].id;
    const movement = ok(await admin.post('/api/tbl/stockmovement', { type: 'RECEIPT', unitId: supplier, date: '2025-02-01', productId: f.product, sourceId, batchNumber: fresh('O'), manufacturer: 'Lupin', expiryDate: '2030-01-31', quantity: 5 }), 'receipt').result;
    const batchId = (ok(await admin.get(`/api/tbl/stockmovement/${movement}`), 'movement') as Doc).batchId;
    return { id, input: { date: '2025-02-03', shipped: [{ batchId, quantity: 2 }] } };
  },
  'stockorder.receiveOrder': async () => ({ id: await newOrder('SENT'), input: { date: '2025-02-04' } }),
  'tbcase.validate': async () => ({ id: await newCase({ validated: false }) }),
  'tbcase.close': async () => ({ id: await newCase(), input: { outcome: 'DIED', outcomeDate: '2025-06-30' } }),
  'tbcase.reopen': async () => {
    const id = await newCase();
    ok(await admin.post(`/api/tbl/tbcase/${id}/action/close`, { outcome: 'DIED', outcomeDate: '2025-06-30' }), 'close');
    return { id };
  },
  'tbcase.transferout': async () => ({ id: await newCase(), input: { unitToId: f.otherUnit, moveDate: '2025-03-01' } }),
  'tbcase.transferin': async () => {
    const id = await newCase();
    ok(await admin.post(`/api/tbl/tbcase/${id}/action/transferout`, { unitToId: f.otherUnit, moveDate: '2025-03-01' }), 'transferout');
    return { id, input: { moveDate: '2025-03-02' } };
  },
  'tbcase.undotransfer': async () => {
    const id = await newCase();
    ok(await admin.post(`/api/tbl/tbcase/${id}/action/transferout`, { unitToId: f.otherUnit, moveDate: '2025-03-01' }), 'transferout');
    return { id };
  },
  'tbcase.suspectfollowup': async () => ({ id: await newCase({ diagnosisType: 'SUSPECT', classification: 'TB' }), input: { outcome: 'TB', date: '2025-01-20' } }),
  'tbcase.tag': async () => {
    const id = await newCase();
    return { id, input: { tagIds: [f.manualTag], newTags: [fresh('Н')] }, changes: linkOf(id, f.manualTag) };
  },
  'tbcase.delete': async () => ({ id: await newCase() }),
  'tbcase.comorbidity': async () => ({ id: await newCase(), input: { diabetes: true } }),
  'tbcase.starttreatment': async () => ({ id: await newCase(), input: { unitId: f.unit, iniDate: '2025-01-13', regimenId: f.regimen } }),
  'tbcase.undotreatment': async () => ({ id: await treatedCase() }),
  'tbcase.treatmentperiod': async () => ({ id: await treatedCase(), input: { endDate: '2025-08-31' } }),
  'tbcase.prescriptionadd': async () => ({ id: await treatedCase(), input: { productId: f.product, iniDate: '2025-02-01', endDate: '2025-02-28', doseUnit: 2, frequency: 7 } }),
  'tbcase.prescriptionedit': async () => {
    const caseId = await treatedCase();
    const add = { caseId, productId: f.product, iniDate: '2025-02-01', endDate: '2025-02-28', doseUnit: 2, frequency: 7 };
    const prescriptionId = ok(await admin.post('/api/cases/case/treatment/prescription/add', add), 'prescription add').result;
    return { id: caseId, input: { prescriptionId, iniDate: '2025-02-01', endDate: '2025-02-20', doseUnit: 3, frequency: 7, preservePrevPeriod: false } };
  },
  'tbcase.treatmentfollowup': async () => ({ id: await treatedCase(), input: { year: 2025, month: 1, version: 0, days: [{ day: 13, status: 'DOTS' }, { day: 14, status: 'NOT_TAKEN' }] } }),
  'prescription.delete': async () => {
    const caseId = await treatedCase();
    const add = { caseId, productId: f.product, iniDate: '2025-02-01', endDate: '2025-02-28', doseUnit: 2, frequency: 7 };
    return { id: ok(await admin.post('/api/cases/case/treatment/prescription/add', add), 'prescription add').result };
  },
  'issue.closeIssue': async () => ({ id: ok(await admin.post('/api/tbl/issue', { caseId: await newCase(), title: 'Вопрос', description: 'Почему?' }), 'issue').result }),
  'issue.reopenIssue': async () => {
    const id = ok(await admin.post('/api/tbl/issue', { caseId: await newCase(), title: 'Вопрос', description: 'Почему?' }), 'issue').result;
    ok(await admin.post(`/api/tbl/issue/${id}/action/closeIssue`, {}), 'close issue');
    return { id };
  },
  'tptcourse.tptstart': async () => ({ id: await tptCourse(false), input: { startDate: '2025-02-03' } }),
  'tptcourse.tptstatus': async () => ({ id: await tptCourse(), input: { status: 'ON_HOLD', statusDate: '2025-02-10' } }),
  'tptcourse.tptclose': async () => ({ id: await tptCourse(), input: { outcome: 'LOST', outcomeDate: '2025-03-01' } }),
  'tptcourse.tptreopen': async () => {
    const id = await tptCourse();
    ok(await admin.post(`/api/tbl/tptcourse/${id}/action/tptclose`, { outcome: 'LOST', outcomeDate: '2025-03-01' }), 'tptclose');
    return { id };
  },
  'tptcourse.tptfollowup': async () => ({ id: await tptCourse(), input: { year: 2025, month: 2, version: 0, days: [{ day: 3, status: 'DOTS' }, { day: 10, status: 'NOT_TAKEN' }] } }),
  'userws.block': async () => ({ id: await newUser() }),
  'userws.unblock': async () => {
    const id = await newUser();
    ok(await admin.post(`/api/tbl/userws/${id}/action/block`, {}), 'block');
    return { id };
  },
  'userws.resetpwd': async () => {
    const id = await newUser();
    return { id, changes: accountOf(id) };
  },
  'userws.updatepwd': async () => {
    const id = await newUser();
    return { id, input: { newPassword: 'Fresh1234', repeatNewPassword: 'Fresh1234' }, changes: accountOf(id) };
  },
};

describe('every declared action', () => {
  it('is covered here', () => {
    expect(actions.map((a) => `${a.table}.${a.name}`).filter((k) => !(k in actionSamples))).toEqual([]);
  });

  for (const a of actions.filter((x) => `${x.table}.${x.name}` in actionSamples)) {
    it(`${a.table}.${a.name}: its row's version, exactly its changes in the feed, its history entry`, async () => {
      const { id, input = {}, changes } = await actionSamples[`${a.table}.${a.name}`]();
      const version = await versionOf(a.table, id);
      const otherBefore = changes && (await changes.find());
      const otherVersion = otherBefore ? await versionOf(changes!.table, otherBefore) : 0;
      const run = await change(`${a.table}.${a.name}`, async () => ok(await admin.post(`/api/tbl/${a.table}/${id}/action/${a.name}`, input), `${a.table}.${a.name}`));
      const now = await versionOf(a.table, id);
      const own = run.fed.filter((c) => c.row_id === id && c.op !== 'left');
      if (a.name === 'delete') {
        expect(now).toBe(0);
        expect(own.map((c) => [c.op, c.row_version])).toEqual([['delete', version + 1]]);
      } else if (changes) {
        // its own row stays; the other row it writes passed the door
        expect(now).toBe(version);
        const other = await changes.find();
        expect(other, changes.table).toBeDefined();
        expect(await versionOf(changes.table, other!), `${changes.table} version`).toBeGreaterThan(otherVersion);
      } else if (!a.rowUnchanged) expect(now).toBeGreaterThan(version);
      // the user's command in the history: the action's entry on its row, or (an action that writes
      // other rows only) each row's own entry by this user
      const entries = run.history.filter((h) => h.entity_id === id && h.action === a.name);
      if (a.rowUnchanged) expect(run.history.length, 'history entries').toBeGreaterThan(0);
      else expect(entries.length, 'the action’s history entry').toBe(1);
    }, 60_000);
  }
});
