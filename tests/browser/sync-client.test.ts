// The /sync page of an offline client against a real server: not running
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
import { startOfflineClient, syncThroughApi, type OfflineClient } from '../helpers/sync-client.ts';
import { createUser } from '../helpers/users.ts';
import { screenshot } from '../helpers/browser.ts';
import { closeEnv, loginThroughUi, startEnv, tid, type BrowserEnv } from './support.ts';

const PASSWORD = 'Passw0rd';
let central: TestServer;
let client: OfflineClient;
let env: BrowserEnv;
let caseId: string;
let bishkek: string;
let admin: ApiClient;

beforeAll(async () => {
  central = await startTestServer();
  admin = await central.login();
  bishkek = await unitNamed(admin, 'Бишкекский');
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
    // what is not yet sent: its count in the toolbar, the change listed with its case and field
    await page.locator(tid('toolbar-unsent')).waitFor();
    expect(await page.locator(tid('toolbar-unsent')).innerText()).toBe('1');
    const item = page.locator(tid('sync-unsent-item'));
    await item.waitFor();
    expect(await item.innerText()).toContain('Подтверждение диагноза');
    // the part named as one case, as the forms name it, not by the table's plural 'Случаи'
    expect(await item.innerText()).toContain(': Случай');
    expect(await item.innerText()).not.toContain('Случаи');
    expect(await item.innerText()).toContain('SYNCUI');
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
    expect(await page.locator(tid('sync-unsent')).count()).toBe(0);
    await page.locator(tid('sync-home')).click();
    await page.waitForURL(/\/sys\/home$/);
    // the toolbar asks again on the new page: all sent, no count
    await page.locator(tid('toolbar-sync')).waitFor();
    await expect.poll(() => page.locator(tid('toolbar-unsent')).count(), { timeout: 20_000 }).toBe(0);
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

  it('lists a change the server refused with its reason, and discards it after a confirmation', async () => {
    // a case notified on the client while the server took NEWCASE away from its doctor
    const doctor = await client.login('SYNCUI', PASSWORD);
    const doc = { patient: { name: 'Бакыт', lastName: 'Отказов', gender: 'MALE', birthDate: '1979-02-03' }, tbcase: { registrationDate: '2026-11-20', diagnosisDate: '2026-11-18', registrationGroup: 'NEW' } };
    expect((await doctor.post('/api/cases/case/newnotif', { doc, unitId: bishkek, diagnosisType: 'CONFIRMED', caseClassification: 'TB' })).status).toBe(200);
    const profile = (await admin.post('/api/tbl/userprofile/query', { key: 'Профиль SYNCUI' })).body.list[0];
    const full = (await admin.get(`/api/tbl/userprofile/${profile.id}`)).body;
    const def = central.ctx.registry.table('userprofile');
    const keep = new Set(['version', ...def.fields.map((f) => f.path[0]), ...def.children.map((c) => c.prop)]);
    const withPerms = async (permissions: unknown) => {
      const now = (await admin.get(`/api/tbl/userprofile/${profile.id}`)).body;
      const r = await admin.post(`/api/tbl/userprofile/${profile.id}`, { ...Object.fromEntries(Object.entries(now).filter(([k]) => keep.has(k))), permissions });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    await withPerms(full.permissions.filter((p: any) => p.permission !== 'NEWCASE'));
    expect((await syncThroughApi(doctor, PASSWORD)).rejected).toHaveLength(2); // the patient and the case
    // NEWCASE given back (discarding a new case's change is for who may make it): the changes stay listed
    await withPerms(full.permissions);
    expect((await syncThroughApi(doctor, PASSWORD)).rejected).toHaveLength(2);

    const page = await env.newPage();
    await loginThroughUi(page, 'SYNCUI', PASSWORD);
    await page.goto('/sys/sync');
    await page.locator(tid('sync-rejected')).waitFor();
    expect(await page.locator(tid('sync-rejected-item')).count()).toBe(2);
    // each refused item named as one patient and one case, not by the tables' plural names
    expect((await page.locator(tid('sync-rejected-item')).allInnerTexts()).map((x) => x.split(' (')[0]).sort()).toEqual(['Пациент', 'Случай']);
    const caseItem = page.locator(tid('sync-rejected-item'), { hasText: 'Случай (' });
    expect(await caseItem.innerText()).toContain('Нет прав доступа');
    await caseItem.locator(tid('sync-discard')).click();
    await page.getByText('Удалить запись, созданную на этом компьютере').waitFor();
    await page.locator(tid('sync-discard-ok')).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="sync-rejected-item"]').length === 1);
  });

  it('shows a conflict on the case and the sync page with labels and who changed each side; a value is kept, confirmed with the password, on the server', async () => {
    const doctor = await client.login('SYNCUI', PASSWORD);
    const { doc } = (await doctor.get(`/api/cases/case/edit/form/${caseId}`)).body;
    expect((await doctor.post('/api/cases/case/edit/save', { caseId, doc: { ...doc, tbcase: { ...doc.tbcase, registrationGroup: 'RELAPSE' } } })).status).toBe(200);
    const onServer = (await admin.get(`/api/tbl/tbcase/${caseId}`)).body;
    const def = central.ctx.registry.table('tbcase');
    const keys = new Set(['version', ...def.fields.map((f) => f.path[0]), ...def.children.map((c) => c.prop)]);
    expect((await admin.post(`/api/tbl/tbcase/${caseId}`, { ...Object.fromEntries(Object.entries(onServer).filter(([k]) => keys.has(k))), registrationGroup: 'AFTER_DEFAULT' })).status).toBe(200);
    expect((await syncThroughApi(doctor, PASSWORD)).counts).toMatchObject({ conflict: 1 });

    const page = await env.newPage();
    await loginThroughUi(page, 'SYNCUI', PASSWORD);
    await page.goto(`/sys/case?id=${caseId}`);
    const row = page.locator(tid('sync-conflict'), { hasText: 'Группа регистрации' });
    await row.waitFor();
    // labels, not codes
    expect(await row.locator(tid('sync-conflict-server')).innerText()).toContain('Лечение после перерыва');
    expect(await row.locator(tid('sync-conflict-client')).innerText()).toContain('Рецидив');
    expect(await row.innerText()).not.toMatch(/AFTER_DEFAULT|RELAPSE/);
    expect(await row.locator(tid('sync-conflict-who-server')).innerText()).toMatch(/Администратор|ADMIN/);
    expect(await row.locator(tid('sync-conflict-who')).innerText()).toContain('SYNCUI');
    expect(await row.locator(tid('sync-conflict-state')).innerText()).toBe('Не решён');

    // the client's value kept: a confirmation naming both values, the password (checked by the server)
    await row.locator(tid('sync-conflict-keep-client')).click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Оставить значение «Рецидив»?');
    expect(await confirm.innerText()).toContain('вместо «Лечение после перерыва»');
    await page.locator(tid('sync-conflict-password')).fill('Wrong-pass1');
    await page.locator(tid('sync-conflict-keep-ok')).click();
    await page.locator(tid('sync-conflict-error')).waitFor();
    expect((await admin.get(`/api/tbl/tbcase/${caseId}`)).body.registrationGroup).toBe('AFTER_DEFAULT');
    await page.locator(tid('sync-conflict-password')).fill(PASSWORD);
    await page.locator(tid('sync-conflict-keep-ok')).click();
    await expect.poll(() => row.locator(tid('sync-conflict-state')).innerText(), { timeout: 30_000 }).toMatch(/^Оставлено значение клиента/);
    expect((await admin.get(`/api/tbl/tbcase/${caseId}`)).body.registrationGroup).toBe('RELAPSE');

    // the sync page lists it with a way to its case
    await page.goto('/sys/sync');
    const listed = page.locator(tid('sync-conflict-list')).locator(tid('sync-conflict'), { hasText: 'Группа регистрации' });
    await listed.waitFor();
    await listed.locator(tid('sync-conflict-case')).click();
    await page.waitForURL(new RegExp(`/sys/case\\?id=${caseId}`));
  });

  it("initialises a new client from its first page: the server's address, a login, the progress, then the way to log in", async () => {
    const fresh = await startOfflineClient(central.url, 'SYNCUI', PASSWORD, { initialise: false });
    try {
      const page = await env.newPage();
      // the login page of a client holding no unit yet sends to the initialisation
      await page.goto(`${fresh.server.url}/login`);
      await page.locator(tid('client-init') + '[data-step="form"]').waitFor();
      await page.locator(tid('client-init-server')).fill(central.url);
      await page.locator(tid('client-init-login')).fill('SYNCUI');
      await page.locator(tid('client-init-password')).fill('Wrong-pass1');
      await page.locator(tid('client-init-start')).click();
      await page.locator(tid('client-init-error')).waitFor();
      await page.locator(tid('client-init-password')).fill(PASSWORD);
      await page.locator(tid('client-init-start')).click();
      // done, or a failed download's error (the start cleared the wrong password's): which one, and why
      await page.locator(`${tid('client-init')}[data-step="done"], ${tid('client-init-error')}`).first().waitFor({ timeout: 150_000 });
      expect(await page.locator(tid('client-init')).getAttribute('data-step'), await page.locator(tid('client-init')).innerText()).toBe('done');
      expect(await page.locator(tid('client-init')).innerText()).toMatch(/Получено записей: [1-9]/);
      await page.locator(tid('client-init-login-button')).click();
      await page.waitForURL(/\/login$/);
      // the unit's user logs in offline and finds the unit's case
      const doctor = await fresh.login('SYNCUI', PASSWORD);
      expect((await doctor.get(`/api/tbl/tbcase/${caseId}`)).status).toBe(200);
      // and a second initialisation is refused
      expect((await new ApiClient(fresh.server.url).post('/api/offline/client/init', { serverUrl: central.url, login: 'SYNCUI', password: PASSWORD })).status).toBe(409);
    } finally {
      await fresh.close();
    }
  }, 180_000 /* a client of its own started and filled: slow on a loaded machine */);
});
