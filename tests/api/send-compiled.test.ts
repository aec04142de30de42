// A compiled statement outside a transaction goes straight to the pool; inside one it stays on the
// transaction's connection (server/db/send-compiled.ts): it sees the transaction's own rows, others
// do not until the commit, and a failing statement gives its connection back.
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { pgPool } from '../../server/db/orm.ts';
import { sendCompiled } from '../../server/db/send-compiled.ts';
import { server, useTestServer } from '../helpers/use-server.ts';

useTestServer();

const byShortName = (shortName: string) => sql<{ name: string }>`select name from source where short_name = ${shortName}`;

describe('a compiled statement', () => {
  it("inside a transaction sees that transaction's own rows; outside, only committed ones", async () => {
    const outside = kysely(server.ctx.orm.em);
    const ws = (await outside.selectFrom('workspace').select('id').executeTakeFirstOrThrow()).id;
    await server.ctx.orm.em.fork().transactional(async (tx) => {
      await kysely(tx).insertInto('source').values({ id: crypto.randomUUID(), workspace_id: ws, short_name: 'SENT1', name: 'Своя строка', active: true }).execute();
      expect(await sendCompiled(kysely(tx), byShortName('SENT1').compile(kysely(tx)))).toEqual([{ name: 'Своя строка' }]);
      expect(await sendCompiled(outside, byShortName('SENT1').compile(outside))).toEqual([]);
    });
    expect(await sendCompiled(outside, byShortName('SENT1').compile(outside))).toEqual([{ name: 'Своя строка' }]);
  });

  it('that fails answers the error and gives its connection back', async () => {
    const outside = kysely(server.ctx.orm.em);
    const pool = (await pgPool(server.ctx.orm))!;
    await expect(sendCompiled(outside, sql`select no_such_column from source`.compile(outside))).rejects.toThrow(/no_such_column/);
    // (the server's background jobs borrow a connection now and then: none stays lent)
    await vi.waitFor(() => expect(pool.totalCount - pool.idleCount).toBe(0), { timeout: 10_000, interval: 20 });
    expect(await sendCompiled(outside, sql<{ one: number }>`select 1 as one`.compile(outside))).toEqual([{ one: 1 }]);
  });
});
