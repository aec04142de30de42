// The /sync page of an offline client against a real server (spec 001 §2.8, §4; issue 24): not running
// (password, 'Продолжить'; a missing and a wrong password refused), in progress with the phase's title
// while the server applies the upload (held by a row lock on the server's database, a real wait),
// success with the counts and a button home; a first status other than NOT_RUNNING goes straight to in
// progress, here a synchronisation interrupted by a restart, which ends as 'Произошла ошибка' with its
// reason and a way back to the form.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readState, updateState } from '../../server/sync/client/state.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { ApiClient, startTestServer, type TestServer } from '../helpers/server.ts';
import { startOfflineClient, type OfflineClient } from '../helpers/sync-client.ts';
import { createUser } from '../helpers/users.ts';
import { screenshot } from '../helpers/browser.ts';
import { closeEnv, loginThroughUi, startEnv, tid, type BrowserEnv } from './support.ts';

const PASSWORD = 'Passw0rd';
let central: TestServer;
let client: OfflineClient;
let env: BrowserEnv;
let caseId: string;

beforeAll(async () => {
  central = await startTestServer();
  const admin = await central.login();
  const bishkek = await unitNamed(admin, 'Бишкекский');
  caseId = await createCase(admin, await newPatient(admin, { name: 'Айжан', lastName: 'Садырова', gender: 'FEMALE', birthDate: '1991-04-05' }), bishkek, { diagnosisDate: '2025-01-09' });
  await createUser(central, admin, 'SYNCUI', [{ permission: 'CASEMAN' }, { permission: 'NEWCASE' }], PASSWORD, { unitId: bishkek, view: 'UNIT' });
  client = await startOfflineClient(central.url, 'SYNCUI', PASSWORD);
  // the browser works on the client; closing the environment stops the client, then the server
  env = await startEnv({
    server: async () => ({
      ...client.server,
      databaseUrl: client.databaseUrl,
      anonymous: () => new ApiClient(client.server.url),
      login: (login = 'SYNCUI', password = PASSWORD) => client.login(login, password),
      close: async () => {
        await client.close();
        await central.close();
      },
    }),
  });
}, 240_000);
afterAll(() => closeEnv(env));

describe('the sync page', () => {
  it('asks the password, shows the phase while the server applies, then success with a way home', async () => {
    const doctor = await client.login('SYNCUI', PASSWORD);
    const { doc } = (await doctor.get(`/api/cases/case/edit/form/${caseId}`)).body;
    expect((await doctor.post('/api/cases/case/edit/save', { caseId, doc: { ...doc, tbcase: { ...doc.tbcase, diagnosisBasis: 'CLINICAL' } } })).status).toBe(200);

    const page = await env.newPage();
    await loginThroughUi(page, 'SYNCUI', PASSWORD);
    await page.goto('/sys/sync');
    await page.locator(tid('sync-page') + '[data-phase="notRunning"]').waitFor();
    await page.locator(tid('sync-continue')).click();
    await page.getByText('Обязательное поле').waitFor();
    await page.locator(tid('sync-password')).fill('Wrong-pass1');
    await page.locator(tid('sync-continue')).click();
    await page.locator(tid('sync-start-error')).waitFor();
    expect(await page.locator(tid('sync-page')).getAttribute('data-phase')).toBe('notRunning');

    // the server's case row locked: the upload waits on the server, in its phase
    const lock = new pg.Client({ connectionString: central.databaseUrl });
    await lock.connect();
    try {
      await lock.query('begin');
      await lock.query('select 1 from tbcase where id = $1 for update', [caseId]);
      await page.locator(tid('sync-password')).fill(PASSWORD);
      await page.locator(tid('sync-continue')).click();
      await page.locator(tid('sync-page') + '[data-phase="running"]').waitFor();
      await page.locator(tid('sync-phase-title'), { hasText: 'Применение изменений на сервере' }).waitFor();
      await screenshot(page, 'sync-running');
    } finally {
      await lock.query('commit');
      await lock.end();
    }
    await page.locator(tid('sync-page') + '[data-phase="success"]').waitFor();
    expect(await page.locator(tid('sync-page')).innerText()).toContain('Синхронизация успешно завершена');
    expect(await page.locator(tid('sync-counts')).innerText()).toContain('Отправлено: 1');
    await page.locator(tid('sync-home')).click();
    await page.waitForURL(/\/sys\/home$/);
  });

  it('goes straight to in progress when a synchronisation is stored as running, and shows the error of one interrupted', async () => {
    // a synchronisation the client was stopped in (its process gone): stored in a phase, nobody running it
    const em = client.server.ctx.orm.em.fork();
    await updateState(em, client.server.ctx, (await readState(em, client.server.ctx))!, { phase: 'RECEIVING' });
    const page = await env.newPage();
    await loginThroughUi(page, 'SYNCUI', PASSWORD);
    await page.goto('/sys/sync');
    await page.locator(tid('sync-page') + '[data-phase="running"]').waitFor();
    await page.locator(tid('sync-page') + '[data-phase="error"]').waitFor();
    expect(await page.locator(tid('sync-page')).innerText()).toContain('Произошла ошибка');
    expect(await page.locator(tid('sync-error-reason')).innerText()).toContain('Синхронизация была прервана');
    await page.locator(tid('sync-retry')).click();
    await page.locator(tid('sync-password')).waitFor();
  });
});
