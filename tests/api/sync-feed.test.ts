// The change feed a client can trust (docs/sync-feed.md): parallel writers of one workspace, some
// transactions held open so they commit late and some rolled back, while a reader polls — the reader
// ends with every committed change once, a row's versions in order, nothing rolled back; a
// transferred case leaves the sending unit's view ('left', its sub-records and patient too); a
// deleted case's sub-records are deletes; mail and other after-commit effects never run for a
// rolled-back transaction, and one that fails leaves the write committed and an error logged.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendMail } from '../../catalogues/mail/send.ts';
import { systemSession } from '../../server/auth/system-session.ts';
import { kysely, kyselyByName } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import { afterCommit } from '../../server/db/transaction.ts';
import { TableWriter } from '../../server/tbl/write.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { positionAfterRows, readFeed, readUntil, type FeedChange as Change } from '../helpers/feed.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';

useTestServer();
let bdoc: ApiClient; // a doctor of Bishkek, unit view
let kdoc: ApiClient; // a doctor of Kant, unit view
let bishkek: string;
let kant: string;
let patientId: string;
let ws: string;


const db = () => kysely(server.ctx.orm.em.fork());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const DOCTOR = ['CASEMAN', 'CASE_TRANSFER', 'NEWCASE', 'EXAM_MICROSCOPY', 'CASE_COMMENTS'].map((permission) => ({ permission }));

const ofRow = (changes: Change[], id: string) => changes.filter((c) => c.id === id);
const versionOf = async (table: string, id: string) => Number((await kyselyByName(server.ctx.orm.em.fork()).selectFrom(table).select('version').where('id', '=', id).executeTakeFirstOrThrow()).version);
const caseWriter = () => new TableWriter(server.ctx, server.ctx.registry.table('tbcase'), systemSession(ws, 'Демо'));
/** Runs `work` in a transaction of the server, as the platform's own writes do. */
const inTransaction = <T>(work: (em: Em) => Promise<T>) => server.ctx.orm.em.fork().transactional(work);
/** The parsed position, to compare two. */
const position = (pos: string) => pos.split('.').map(BigInt) as [bigint, bigint];
const before = (a: string, b: string) => position(a)[0] < position(b)[0] || (position(a)[0] === position(b)[0] && position(a)[1] < position(b)[1]);

/** Saves a case number through the API with the version the writer holds; on 409 reads the version and saves again. */
async function save(client: ApiClient, id: string, caseNumber: string): Promise<void> {
  for (;;) {
    const version = (await client.get(`/api/tbl/tbcase/${id}`)).body.version;
    const r = await client.post(`/api/tbl/tbcase/${id}`, { caseNumber, version });
    if (r.status === 200) return;
    expect(r.status, JSON.stringify(r.body)).toBe(409);
  }
}

beforeAll(async () => {
  ws = (await db().selectFrom('workspace').select('id').orderBy('created_at').executeTakeFirstOrThrow()).id as string;
  bishkek = await unitNamed(admin, 'Бишкекский');
  kant = await unitNamed(admin, 'Ысык-Атинский');
  patientId = await newPatient(admin, { name: 'Нурлан', lastName: 'Осмонов', gender: 'MALE', birthDate: '1985-03-02' });
  bdoc = await createUser(server, admin, 'FEEDBISHKEK', DOCTOR, 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
  kdoc = await createUser(server, admin, 'FEEDKANT', DOCTOR, 'Passw0rd', { unitId: kant, view: 'UNIT' });
}, 180_000);

describe('order under parallel writers', () => {
  it('a reader polling during parallel saves, late commits and rollbacks ends with every committed change once, each row in version order', async () => {
    const cases: string[] = [];
    const pre = (await readFeed(admin)).last;
    for (let i = 0; i < 16; i++) cases.push(await createCase(admin, patientId, bishkek, { caseNumber: `ПАР-${i}` }));
    const shared = cases[15];
    // start after every create: the feed may trail them while another transaction of the server runs
    const created = await readUntil(admin, pre, (cs) => cases.every((id) => cs.some((c) => c.id === id && c.op === 'create')));
    const start = created.at(-1)!.pos;
    const writers = await Promise.all(Array.from({ length: 12 }, () => server.login()));

    let writing = true;
    const seen: Change[] = [];
    const reader = (async () => {
      let after = start;
      while (writing) {
        const page = await readFeed(admin, after);
        seen.push(...page.changes);
        after = page.last;
        await sleep(20);
      }
      return after;
    })();
    // 12 clients, each saving its own case 6 times and the shared case twice
    const http = writers.map(async (w, k) => {
      for (let i = 0; i < 6; i++) {
        await save(w, cases[k], `ПАР-${k}-${i}`);
        if (i % 3 === 1) await save(w, shared, `ОБЩ-${k}-${i}`);
      }
    });
    // transactions held open, so they commit after younger ones: on cases 12 and 13, and on the shared case
    const late = [12, 13, 15].map((k, i) =>
      inTransaction(async (em) => {
        await caseWriter().update(cases[k], { caseNumber: `ПОЗДНО-${k}` }, { within: em });
        await sleep(300 + 300 * i);
      }),
    );
    // transactions rolled back: nothing of them may appear
    const undone = [14, 15].map((k) =>
      inTransaction(async (em) => {
        await caseWriter().update(cases[k], { caseNumber: `ОТКАТ-${k}` }, { within: em });
        await sleep(200);
        throw new Error('rolled back on purpose');
      }).catch((e: Error) => expect(e.message).toBe('rolled back on purpose')),
    );
    await Promise.all([...http, ...late, ...undone]);
    writing = false;
    const after = await reader;

    const finalVersions = new Map(await Promise.all(cases.map(async (id) => [id, await versionOf('tbcase', id)] as const)));
    const complete = (cs: Change[]) => cases.every((id) => (ofRow(cs, id).at(-1)?.version ?? 1) === finalVersions.get(id));
    seen.push(...(await readUntil(admin, after, (more) => complete([...seen, ...more]))));
    // exactly the committed versions of each case, once each and in order: 2, 3, … the stored version
    for (const id of cases) {
      expect(ofRow(seen, id).map((c) => c.version), id).toEqual(Array.from({ length: finalVersions.get(id)! - 1 }, (_, i) => i + 2));
    }
    // applying the changes in order gives each case's stored number; nothing rolled back was ever read
    for (const [i, id] of cases.entries()) {
      const number = ofRow(seen, id).reduce((n: string, c) => (c.data?.caseNumber as string | undefined) ?? n, `ПАР-${i}`);
      expect(number).toBe((await admin.get(`/api/tbl/tbcase/${id}`)).body.caseNumber);
    }
    expect(seen.filter((c) => JSON.stringify(c.data).includes('ОТКАТ'))).toEqual([]);
    expect(ofRow(seen, cases[12]).map((c) => c.data?.caseNumber)).toContain('ПОЗДНО-12');
    // positions only grow, each one once
    for (let i = 1; i < seen.length; i++) expect(before(seen[i - 1].pos, seen[i].pos), `${seen[i - 1].pos} < ${seen[i].pos}`).toBe(true);
  }, 240_000);

  it('a change that commits late is not skipped: the younger change waits for it', async () => {
    const [a, b] = [await createCase(admin, patientId, bishkek), await createCase(admin, patientId, bishkek)];
    const start = await positionAfterRows(admin, { [a]: 1, [b]: 1 });
    let release!: () => void;
    let opened!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const inside = new Promise<void>((r) => (opened = r));
    const older = inTransaction(async (em) => {
      await caseWriter().update(a, { caseNumber: 'ПОЗЖЕ-А' }, { within: em });
      opened();
      await held;
    });
    await inside;
    await save(admin, b, 'РАНЬШЕ-Б');
    // B committed, but a transaction older than it is still open: B is not given yet, and the position stays before A
    const meanwhile = await readFeed(admin, start);
    expect(ofRow(meanwhile.changes, b)).toEqual([]);
    release();
    await older;
    const later = await readUntil(admin, meanwhile.last, (cs) => ofRow(cs, a).length > 0 && ofRow(cs, b).length > 0);
    expect(ofRow(later, a).map((c) => c.data?.caseNumber)).toEqual(['ПОЗЖЕ-А']);
    expect(ofRow(later, b).map((c) => c.data?.caseNumber)).toEqual(['РАНЬШЕ-Б']);
  }, 60_000);

  it('an older transaction changing a row after a younger one committed it comes after it in the feed', async () => {
    const [a, b] = [await createCase(admin, patientId, bishkek), await createCase(admin, patientId, bishkek)];
    const start = await positionAfterRows(admin, { [a]: 1, [b]: 1 });
    let release!: () => void;
    let opened!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const inside = new Promise<void>((r) => (opened = r));
    // the older transaction takes its id (it writes A) before the younger one starts
    const older = inTransaction(async (em) => {
      await caseWriter().update(a, { caseNumber: 'СТАРШАЯ-А' }, { within: em });
      opened();
      await held;
      await caseWriter().update(b, { caseNumber: 'СТАРШАЯ-Б' }, { within: em });
    });
    await inside;
    await save(admin, b, 'МЛАДШАЯ-Б'); // version 2, committed first
    release();
    await older; // version 3 of B
    const changes = await readUntil(admin, start, (cs) => ofRow(cs, b).length >= 2);
    expect(ofRow(changes, b).map((c) => [c.version, c.data?.caseNumber])).toEqual([
      [2, 'МЛАДШАЯ-Б'],
      [3, 'СТАРШАЯ-Б'],
    ]);
  }, 60_000);
});

describe('rows leaving a view', () => {
  it("a transferred case, its sub-records and its patient are 'left' in the sending unit's view once the transfer is confirmed", async () => {
    const patient = await newPatient(admin, { name: 'Айбек', lastName: 'Перевод', gender: 'MALE', birthDate: '1970-01-01' });
    const id = await createCase(admin, patient, bishkek);
    const comment = (await admin.post('/api/tbl/casecomment', { caseId: id, group: 'DATA', comment: 'Перед переводом' })).body.result as string;
    const lab = (await admin.post('/api/tbl/unit/query', { type: 'LAB', pageSize: 1 })).body.list[0].id;
    const made = await admin.post('/api/tbl/exammic', { caseId: id, date: '2025-01-20', laboratoryId: lab, result: 'PLUS2' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const exam = made.body.result as string;
    const written = { [id]: await versionOf('tbcase', id), [comment]: 1, [exam]: 1 };
    const [fromB, fromK, fromAdmin] = [await positionAfterRows(bdoc, written), (await readFeed(kdoc)).last, await positionAfterRows(admin, written)];

    expect((await bdoc.post(`/api/tbl/tbcase/${id}/action/transferout`, { unitToId: kant })).status).toBe(200);
    // transferring: both units see the case; Kant gets it whole (it did not hold it)
    const out = await readUntil(kdoc, fromK, (cs) => ofRow(cs, id).length > 0);
    expect(ofRow(out, id).map((c) => c.op)).toEqual(['update']);
    expect(ofRow(out, id)[0].data).toMatchObject({ patientId: patient, ownerUnitId: kant, transferFromUnitId: bishkek, transferring: true });
    const stillB = await readUntil(bdoc, fromB, (cs) => ofRow(cs, id).length > 0);
    expect(ofRow(stillB, id).map((c) => c.op)).toEqual(['update']);

    expect((await kdoc.post(`/api/tbl/tbcase/${id}/action/transferin`, {})).status).toBe(200);
    const b = await readUntil(bdoc, fromB, (cs) => cs.some((c) => c.op === 'left' && c.id === patient));
    const left = b.filter((c) => c.op === 'left').map((c) => [c.table, c.id]);
    expect(left).toEqual(expect.arrayContaining([['tbcase', id], ['casecomment', comment], ['exammic', exam], ['patient', patient]]));
    expect(left).toHaveLength(4);
    // the receiving unit and the whole workspace keep them: no 'left' there
    expect((await readUntil(kdoc, fromK, () => true)).filter((c) => c.op === 'left')).toEqual([]);
    expect((await readFeed(admin, fromAdmin)).changes.filter((c) => c.op === 'left')).toEqual([]);
  }, 60_000);

  it("a deleted case's sub-records are deletes in the feed of the case's unit, and nowhere else", async () => {
    const id = await createCase(admin, patientId, bishkek);
    const comment = (await admin.post('/api/tbl/casecomment', { caseId: id, group: 'DATA', comment: 'Удаляется со случаем' })).body.result as string;
    const lab = (await admin.post('/api/tbl/unit/query', { type: 'LAB', pageSize: 1 })).body.list[0].id;
    const made = await admin.post('/api/tbl/exammic', { caseId: id, date: '2025-01-21', laboratoryId: lab, result: 'PLUS2' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const exam = made.body.result as string;
    const [fromB, fromK] = [(await readFeed(bdoc)).last, (await readFeed(kdoc)).last];

    expect((await admin.delete(`/api/tbl/case/${id}`)).status).toBe(200);
    const b = await readUntil(bdoc, fromB, (cs) => ofRow(cs, id).length > 0);
    expect(b.filter((c) => c.op === 'delete').map((c) => [c.table, c.id])).toEqual(expect.arrayContaining([['tbcase', id], ['casecomment', comment], ['exammic', exam]]));
    expect((await readFeed(kdoc, fromK)).changes.filter((c) => [id, comment, exam].includes(c.id))).toEqual([]);
    const stones = await db().selectFrom('tombstone').select('row_id').where('row_id', 'in', [comment, exam]).execute();
    expect(stones).toHaveLength(2);
  }, 60_000);
});

describe('after commit', () => {
  /** The messages the outbox holds for an address. */
  const mailsTo = (address: string) => {
    const dir = server.ctx.config.outboxDir;
    if (!existsSync(dir)) return [];
    return readdirSync(dir).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8'))).filter((m) => m.to.some((t: any) => t.address === address));
  };

  it('mail of a rolled-back transaction (or savepoint) is never sent; that of the committed one is, after the commit', async () => {
    const mail = (to: string) => ({ to, subject: 'Проверка', text: 'Письмо' });
    await expect(
      inTransaction(async (em) => {
        await sendMail(em, server.ctx, mail('rolled-back@example.org'));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await inTransaction(async (em) => {
      await em
        .transactional(async (inner) => {
          await sendMail(inner, server.ctx, mail('savepoint@example.org'));
          throw new Error('undo the savepoint');
        })
        .catch(() => undefined);
      await sendMail(em, server.ctx, mail('committed@example.org'));
      expect(mailsTo('committed@example.org')).toEqual([]); // not before the commit
    });
    expect(mailsTo('committed@example.org')).toHaveLength(1);
    expect(mailsTo('rolled-back@example.org')).toEqual([]);
    expect(mailsTo('savepoint@example.org')).toEqual([]);
  });

  it('a failing after-commit effect leaves the write committed and logs the error', async () => {
    const since = new Date(Date.now() - 1000);
    const id = await inTransaction(async (em) => {
      const made = await new TableWriter(server.ctx, server.ctx.registry.table('source'), systemSession(ws, 'Демо')).create({ shortName: 'AC1', name: 'После фиксации' }, undefined, em);
      void afterCommit(em, () => {
        throw new Error('the effect failed');
      }, 'test effect');
      return made;
    });
    expect((await admin.get(`/api/tbl/source/${id}`)).body.name).toBe('После фиксации');
    const logged = await db().selectFrom('errorlog').select(['url', 'exception_message']).where('error_date', '>=', since.toISOString()).where('url', '=', 'after commit: test effect').execute();
    expect(logged).toEqual([{ url: 'after commit: test effect', exception_message: 'the effect failed' }]);
  });

  it('a welcome mail that cannot be sent does not undo the new user: they are saved, the failure is in the error log', async () => {
    const since = new Date(Date.now() - 1000);
    const profileId = (await admin.post('/api/tbl/userprofile/query', { name: 'Врач' })).body.list[0].id;
    server.ctx.config.smtpUrl = 'smtp://127.0.0.1:9'; // nothing listens there
    try {
      const r = await admin.post('/api/tbl/userws', { login: 'MAILFAILS', name: 'Почта не ушла', email: 'mailfails@example.org', unitId: bishkek, profiles: [profileId], view: 'UNIT' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    } finally {
      server.ctx.config.smtpUrl = undefined;
    }
    expect((await admin.post('/api/tbl/userws/query', { login: 'MAILFAILS' })).body.list).toHaveLength(1);
    const logged = await db().selectFrom('errorlog').select('url').where('error_date', '>=', since.toISOString()).where('url', '=', 'after commit: mail').execute();
    expect(logged).toHaveLength(1);
  });
});
