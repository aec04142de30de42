// A batch of writes (an import's chunk) asks the rows it does not write once: server/db/lookup-cache.ts.
// What a user would notice if it were wrong is a history entry or a check answered from a stale
// read: these tests change a unit inside a batch and see the next look-up read it again.
import { beforeAll, describe, expect, it } from 'vitest';
import { systemSession } from '../../server/auth/system-session.ts';
import { cachingLookups } from '../../server/db/lookup-cache.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import { TableStore } from '../../server/tbl/store.ts';
import { TableWriter } from '../../server/tbl/write.ts';
import { server, useTestServer } from '../helpers/use-server.ts';
import { addWorkspace, type ExtraWorkspace } from '../helpers/workspace.ts';

useTestServer();

let ws: ExtraWorkspace;
const WS = 'Кэш поисков';
beforeAll(async () => {
  ws = await addWorkspace(server, WS);
});

const nameOf = async (em: Em) => (await TableStore.names(em, 'unit', [ws.unitId])).get(ws.unitId);
/** Renames the unit behind the writer's back (a statement of the test's own): only a fresh read sees it. */
const renameBySql = (em: Em, name: string) => kysely(em).updateTable('unit').set({ name }).where('id', '=', ws.unitId).execute();
const writer = () => new TableWriter(server.ctx, server.ctx.registry.table('unit'), systemSession(ws.workspaceId, WS));

describe('the look-ups of a batch of writes', () => {
  it('outside a batch reads the database every time', async () => {
    await server.ctx.orm.em.fork().transactional(async (em) => {
      await renameBySql(em, 'Диспансер А');
      expect(await nameOf(em)).toBe('Диспансер А');
      await renameBySql(em, 'Диспансер Б');
      expect(await nameOf(em)).toBe('Диспансер Б');
      throw new Error('rollback');
    }).catch((e) => expect((e as Error).message).toBe('rollback'));
  });

  it('inside a batch answers the same question once, and reads again once the batch writes the table through the writer', async () => {
    await server.ctx.orm.em.fork().transactional(async (em) => {
      cachingLookups(em);
      await renameBySql(em, 'Диспансер А');
      expect(await nameOf(em)).toBe('Диспансер А');
      await renameBySql(em, 'Диспансер Б');
      // asked once: the batch did not write units
      expect(await nameOf(em)).toBe('Диспансер А');
      await writer().update(ws.unitId, { name: 'Диспансер В' }, { within: em });
      expect(await nameOf(em)).toBe('Диспансер В');
      // and from then on every time: the batch writes units
      await renameBySql(em, 'Диспансер Г');
      expect(await nameOf(em)).toBe('Диспансер Г');
      throw new Error('rollback');
    }).catch((e) => expect((e as Error).message).toBe('rollback'));
  });

  it('reads again after a savepoint that wrote the table is rolled back: the name is the one kept', async () => {
    await server.ctx.orm.em.fork().transactional(async (em) => {
      cachingLookups(em);
      await renameBySql(em, 'Диспансер А');
      expect(await nameOf(em)).toBe('Диспансер А');
      await em.transactional(async (sp) => {
        await writer().update(ws.unitId, { name: 'Диспансер В' }, { within: sp });
        expect(await nameOf(sp)).toBe('Диспансер В');
        throw new Error('undo');
      }).catch((e) => expect((e as Error).message).toBe('undo'));
      expect(await nameOf(em)).toBe('Диспансер А');
      throw new Error('rollback');
    }).catch((e) => expect((e as Error).message).toBe('rollback'));
  });
});
