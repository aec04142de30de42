// A batch of writes (an import's chunk) reads the rows it made itself from what it wrote
// (server/db/batch-rows.ts): the new patient's name in the case's history entry, their birth date the
// case's dates are bounded by. What a user would notice if it were wrong is a name or a bound other than
// the database's at that point of the transaction; these tests change the rows behind the writer's back
// (a statement of the test's own) to see which answers come from what the batch wrote, and check that a
// change through the writer, a savepoint rolled back and a write of many rows each send the reader back
// to the database.
import { beforeAll, describe, expect, it } from 'vitest';
import { systemSession } from '../../server/auth/system-session.ts';
import { madeUnnamed } from '../../server/db/batch-rows.ts';
import { cachingLookups, wroteTable } from '../../server/db/lookup-cache.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import { checkDateBounds } from '../../server/tbl/date-bounds.ts';
import { TableStore } from '../../server/tbl/store.ts';
import { systemUpdate } from '../../server/tbl/system-write.ts';
import { TableWriter } from '../../server/tbl/write.ts';
import { server, useTestServer } from '../helpers/use-server.ts';
import { addWorkspace, type ExtraWorkspace } from '../helpers/workspace.ts';

useTestServer();

let ws: ExtraWorkspace;
const WS = 'Строки пакета';
beforeAll(async () => {
  ws = await addWorkspace(server, WS);
});

const session = () => systemSession(ws.workspaceId, WS);
const patients = () => new TableWriter(server.ctx, server.ctx.registry.table('patient'), session());
const register = (em: Em) => patients().create({ lastName: 'Асанова', name: 'Айгуль', gender: 'FEMALE', birthDate: '1990-05-01' }, undefined, em);
const nameOf = async (em: Em, id: string) => (await TableStore.names(em, 'patient', [id], ['last_name', 'name'])).get(id);
/** Changes the patient behind the writer's back: only a read of the database sees it. */
const renameBySql = (em: Em, id: string, lastName: string) => kysely(em).updateTable('patient').set({ last_name: lastName, birth_date: '1970-01-01' }).where('id', '=', id).execute();
/** Runs `work` in a transaction (a batch when `batch`) that is rolled back. */
const rolledBack = (batch: boolean, work: (em: Em) => Promise<void>) =>
  server.ctx.orm.em.fork().transactional(async (em) => {
    if (batch) cachingLookups(em);
    await work(em);
    throw new Error('rollback');
  }).catch((e) => expect((e as Error).message).toBe('rollback'));
/** The registration date's bound error of a case of `patientId` registered on `date`, or '' when none. */
const boundError = (em: Em, patientId: string, date: string) =>
  checkDateBounds(em, server.ctx, server.ctx.registry.table('tbcase'), { patientId, registrationDate: date }, session()).then(() => '', (e) => (e as { errors: { msg: string }[] }).errors.map((x) => x.msg).join('; '));

describe('the rows a batch of writes made', () => {
  it('outside a batch are read from the database every time', async () => {
    await rolledBack(false, async (em) => {
      const id = await register(em);
      await renameBySql(em, id, 'Другая');
      expect(await nameOf(em, id)).toBe('Другая Айгуль');
      expect(await boundError(em, id, '1980-01-01')).toBe('');
    });
  });

  it('inside a batch are named and bound as the batch wrote them', async () => {
    await rolledBack(true, async (em) => {
      const id = await register(em);
      await renameBySql(em, id, 'Другая');
      expect(await nameOf(em, id)).toBe('Асанова Айгуль');
      // born 01.05.1990 as written: registered the day before is refused, on the day is not
      expect(await boundError(em, id, '1990-04-30')).toBe('Дата регистрации: не может быть раньше, чем «Дата рождения»');
      expect(await boundError(em, id, '1990-05-01')).toBe('');
    });
  });

  it('a column the system door sets is read as set; a row the table writer rewrites is read from the database again', async () => {
    await rolledBack(true, async (em) => {
      const id = await register(em);
      // the system door takes the row's version and columns as made (version 1): the write is version 2, as stored
      expect(await systemUpdate({ em, ctx: server.ctx, session: session() }, 'patient', id, { lastName: 'Бекова' }, 'derived')).toBe(2);
      expect((await kysely(em).selectFrom('patient').select(['version', 'last_name']).where('id', '=', id).executeTakeFirstOrThrow())).toEqual({ version: 2, last_name: 'Бекова' });
      // nothing changed: nothing written, the version as it is
      expect(await systemUpdate({ em, ctx: server.ctx, session: session() }, 'patient', id, { lastName: 'Бекова' }, 'derived')).toBe(2);
      await kysely(em).updateTable('patient').set({ name: 'Другое' }).where('id', '=', id).execute();
      expect(await nameOf(em, id)).toBe('Бекова Айгуль');
      await patients().update(id, { lastName: 'Осмонова' }, { within: em });
      expect(await nameOf(em, id)).toBe('Осмонова Другое');
      await renameBySql(em, id, 'Третья');
      expect(await nameOf(em, id)).toBe('Третья Другое');
    });
  });

  it('a row made in a savepoint rolled back is not there; one released is', async () => {
    await rolledBack(true, async (em) => {
      let undone = '';
      await em.transactional(async (sp) => {
        undone = await register(sp);
        expect(await nameOf(sp, undone)).toBe('Асанова Айгуль');
        throw new Error('undo');
      }).catch((e) => expect((e as Error).message).toBe('undo'));
      expect(await nameOf(em, undone)).toBeUndefined();
      const kept = await em.transactional((sp) => register(sp));
      await renameBySql(em, kept, 'Другая');
      expect(await nameOf(em, kept)).toBe('Асанова Айгуль');
    });
  });

  it('a write of the table that names no row (a door writing many) sends every reader of it to the database', async () => {
    await rolledBack(true, async (em) => {
      const id = await register(em);
      await renameBySql(em, id, 'Другая');
      wroteTable(em, 'patient');
      expect(await nameOf(em, id)).toBe('Другая Айгуль');
      expect(await boundError(em, id, '1980-01-01')).toBe('');
    });
  });

  it('a patient the batch made is named by no contact until the batch writes one (a hook need not look)', async () => {
    await rolledBack(true, async (em) => {
      const id = await register(em);
      expect(madeUnnamed(em, 'patient', id, 'contact')).toBe(true);
      expect(madeUnnamed(em, 'patient', ws.unitId, 'contact')).toBe(false);
      wroteTable(em, 'contact', { id: crypto.randomUUID(), made: { patient_id: id } });
      expect(madeUnnamed(em, 'patient', id, 'contact')).toBe(false);
    });
  });
});
