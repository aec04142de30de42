// A new case written with its exams in one transaction (an import's row) is given the columns its
// exams derive, worked out from the exams in hand (cases/followups/derived.ts derivedOfNew), so the
// exams' writes find them there and the case is not updated after each: the values are those the
// exams' rule gives — written here by hand — and a value given wrong does not last past the exams'
// writes; only derived columns are taken from what the caller gives.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { derivedOfNew } from '../../cases/followups/derived.ts';
import { systemSession } from '../../server/auth/system-session.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import { TableWriter } from '../../server/tbl/write.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

useTestServer();

let bishkek: string;
let lab: string;
let patientId: string;
let workspaceId: string;
beforeAll(async () => {
  bishkek = await unitNamed(admin, 'Бишкекский');
  lab = (await admin.post('/api/tbl/unit/query', { pageSize: 100 })).body.list.find((u: { type: string }) => u.type === 'LAB').id;
  patientId = await newPatient(admin, { name: 'Алмаз', lastName: 'Предрасчётов', gender: 'MALE', birthDate: '1980-02-02' });
  workspaceId = String((await kysely(server.ctx.orm.em.fork()).selectFrom('unit').select('workspace_id').where('id', '=', bishkek).executeTakeFirstOrThrow()).workspace_id);
});

const session = () => systemSession(workspaceId, 'demo');
const writer = (table: string) => new TableWriter(server.ctx, server.ctx.registry.table(table), session());
/** Runs `work` in a transaction that is rolled back. */
const rolledBack = (work: (em: Em) => Promise<void>) =>
  server.ctx.orm.em.fork().transactional(async (em) => {
    await work(em);
    throw new Error('rollback');
  }).catch((e) => expect((e as Error).message).toBe('rollback'));

describe('a new case\'s derived columns from the exams written with it', () => {
  it('are the latest smear and culture by date, and the culture conversion: the first of two negatives 30+ days apart after a positive', async () => {
    await rolledBack(async (em) => {
      const exams = [
        { table: 'exammic', doc: { date: '2025-01-03', result: 'PLUS2', laboratoryId: lab } },
        { table: 'exammic', doc: { date: '2025-01-01', result: 'PLUS3', laboratoryId: lab } },
        { table: 'examcul', doc: { date: '2025-01-05', result: 'POSITIVE', laboratoryId: lab } },
        { table: 'examcul', doc: { date: '2025-03-20', result: 'NEGATIVE', laboratoryId: lab } },
        { table: 'examcul', doc: { date: '2025-02-10', result: 'NEGATIVE', laboratoryId: lab } },
      ];
      expect(await derivedOfNew({ em, ctx: server.ctx, session: session() }, 'tbcase', exams)).toEqual({
        microscopyResult: 'PLUS2', microscopyDate: '2025-01-03', smearConversionDate: null, smearReversionDate: null,
        cultureResult: 'NEGATIVE', cultureDate: '2025-03-20', cultureConversionDate: '2025-02-10', cultureReversionDate: null,
      });
      // no exams of a kind: its columns are not given (the case has none: empty)
      expect(await derivedOfNew({ em, ctx: server.ctx, session: session() }, 'tbcase', [])).toEqual({});
    });
  });

  it('given wrong, they are what the exams say once the exams are written; a column not derived is not taken', async () => {
    // the case's own write as the API makes it, to compare the state with
    const plain = await createCase(admin, patientId, bishkek, { registrationDate: '2025-01-02' });
    const state = (await kysely(server.ctx.orm.em.fork()).selectFrom('tbcase').select('state').where('id', '=', plain).executeTakeFirstOrThrow()).state;
    await rolledBack(async (em) => {
      const caseId = await writer('tbcase').create(
        { patientId, ownerUnitId: bishkek, notificationUnitId: bishkek, diagnosisType: 'CONFIRMED', classification: 'TB', registrationGroup: 'NEW', registrationDate: '2025-01-02' },
        undefined, em, { derived: { microscopyResult: 'PLUS3', microscopyDate: '2024-12-31', state: 'CLOSED' } },
      );
      const read = () => kysely(em).selectFrom('tbcase').select(['state', 'microscopy_result', sql`to_char(microscopy_date, 'DD.MM.YYYY')`.as('date')]).where('id', '=', caseId).executeTakeFirstOrThrow();
      expect(await read()).toEqual({ state, microscopy_result: 'PLUS3', date: '31.12.2024' });
      await writer('exammic').create({ caseId, date: '2025-01-03', result: 'NEGATIVE', laboratoryId: lab }, undefined, em);
      expect(await read()).toEqual({ state, microscopy_result: 'NEGATIVE', date: '03.01.2025' });
    });
  });
});
