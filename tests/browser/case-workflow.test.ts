// The case workflow in a real browser: a suspect case made
// through the API is followed up to DRTB, validated, tagged, transferred to Kant (the sending
// unit's user cannot confirm: a disabled action says why; Kant's user confirms), closed, reopened
// and deleted ('Успешно удалено', then the unit's cases). The header, state boxes and tags card
// follow each change; the suspect is offered no treatment, the close dialog only the outcomes before
// treatment, and the validation box and command follow the workspace's setting.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ApiClient } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';
import { setCaseValidation } from '../helpers/cases.ts';
import { openAs, openDropdown, openInApp, pageSettled, pick, tid, UI_TIMEOUT, useEnv } from './support.ts';

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: UI_TIMEOUT });
const WORKFLOW = ['CASEMAN', 'CASE_VALIDATE', 'CASE_CLOSE', 'CASE_REOPEN', 'CASE_TRANSFER', 'NEWCASE', 'NEWSUSP', 'CASE_TAG', 'CASE_DEL_VAL'].map((permission) => ({ permission }));

describe('the case workflow', () => {
  const ctx = useEnv();
  let admin: ApiClient;
  let caseId: string;
  let bishkekId: string;
  let patientId: string;
  let kant: { id: string; name: string };
  let page: Page;

  beforeAll(async () => {
    const { server } = ctx.env;
    admin = await server.login();
    const unit = async (key: string) => (await admin.post('/api/tbl/unit/query', { key })).body.list[0] as { id: string; name: string };
    const bishkek = await unit('Бишкекский');
    bishkekId = bishkek.id;
    kant = await unit('Ысык-Атинский');
    patientId = (await admin.post('/api/tbl/patient', { name: 'Жаркын', lastName: 'Осмонова', gender: 'FEMALE', birthDate: '1991-08-14' })).body.result;
    const r = await admin.post('/api/tbl/tbcase', {
      patientId, ownerUnitId: bishkek.id, notificationUnitId: bishkek.id, diagnosisType: 'SUSPECT', classification: 'TB', registrationGroup: 'NEW', registrationDate: '2025-03-01',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    caseId = r.body.result;
    const lab = (await admin.post('/api/tbl/unit/query', { pageSize: 100 })).body.list.find((u: any) => u.type === 'LAB').id;
    const exam = await admin.post('/api/tbl/exammic', { caseId, date: '2025-03-05', laboratoryId: lab, result: 'PLUS' });
    expect(exam.status, JSON.stringify(exam.body)).toBe(200);
    await createUser(server, admin, 'BRBISHKEK', WORKFLOW, 'Passw0rd', { unitId: bishkek.id, view: 'UNIT' });
    await createUser(server, admin, 'BRKANT', WORKFLOW, 'Passw0rd', { unitId: kant.id, view: 'UNIT' });
  });

  const box = (id: string) => page.locator(tid(`case-box-${id}`));
  const cmd = (id: string) => page.locator(tid(`case-cmd-${id}`));

  it('shows the suspect case: name, label, state boxes, no tags, the first tab in the URL', async () => {
    // one signed-in page per user (openAs), screens opened in place
    page = await openAs(ctx.env, 'ADMIN', 'Admin123', `/sys/case?id=${caseId}`);
    await poll(() => page.locator(tid('case-patient-name')).innerText()).toContain('Осмонова');
    expect(await page.locator(tid('case-avatar')).getAttribute('data-gender')).toBe('FEMALE');
    expect(await box('diagnosis').innerText()).toContain('Предположительный');
    expect(await box('validation').innerText()).toContain('Ожидает обоснования');
    expect(await page.locator(tid('case-tags')).innerText()).toContain('Нет закладок в этом случае');
    expect(await page.locator(tid('case-tags')).innerText()).toContain('Отметки');
    await page.locator(tid('case-tab-issues')).click();
    await poll(async () => page.url()).toContain('tab=issues');
    await page.locator(tid('case-tab-data')).click();
  });

  it('offers a suspect no treatment start: its treatment tab says why', async () => {
    await page.locator(tid('case-tab-treatment')).click();
    await poll(() => page.locator(tid('treatment-start-refusal')).innerText()).toBe('Лечение начинают только подтверждённому случаю');
    expect(await page.locator(tid('treatment-start')).count()).toBe(0);
    await page.locator(tid('case-tab-data')).click();
  });

  it('follows the suspect up to DRTB', async () => {
    await cmd('suspectFollowup').click();
    const dialog = page.locator(tid('suspect-dialog'));
    await dialog.waitFor();
    await pick(page, dialog.locator('.ant-select'), 'Лекарственно-резистентный ТБ');
    await dialog.locator(tid('suspect-date')).fill('2025-03-10');
    await page.locator(tid('suspect-save')).click();
    await dialog.waitFor({ state: 'detached' });
    await poll(() => box('diagnosis').innerText()).toContain('Подтверждённый');
    expect(await page.locator(tid('case-label')).innerText()).toContain('Лекарственно-резистентный ТБ');
    await poll(() => cmd('suspectFollowup').count()).toBe(0);
  });

  it('validates it after the confirmation', async () => {
    await cmd('validate').click();
    expect(await page.locator(tid('confirm-dialog')).innerText()).toContain('Подтвердить валидацию случая?');
    await page.locator(tid('confirm-yes')).click();
    await poll(() => box('validation').innerText()).toContain('Обосновано');
    await poll(() => cmd('validate').count()).toBe(0);
  });

  it('still shows the latest microscopy result in the header after validating, read afresh', async () => {
    await page.reload();
    await poll(() => box('validation').innerText()).toContain('Обосновано');
    await poll(() => page.locator(tid('latest-microscopyResult')).getAttribute('data-value')).toBe('PLUS');
    expect(await page.locator(tid('latest-microscopyResult')).innerText()).toContain('05.03.2025');
  });

  it('tags it with a new tag; one over 20 characters is refused in the dialog', async () => {
    await page.locator(tid('case-tags-edit')).click();
    const dialog = page.locator(tid('tag-dialog'));
    await dialog.waitFor();
    expect(await page.locator('.ant-modal-title').filter({ hasText: 'Определить закладки к случаю - ' }).innerText()).toContain('Осмонова');
    // the dialog is the declared form schemas/forms/case_tag.json: new tags are a list of names
    await dialog.locator('#root_newTags__add').click();
    const newTag = dialog.locator('#root_newTags_0');
    await newTag.fill('Очень длинная отметка больше двадцати');
    await dialog.locator(tid('form-save')).click();
    await poll(() => dialog.innerText()).toContain('не длиннее, чем 20 символов');
    await newTag.fill('Контроль ВК');
    await dialog.locator(tid('form-save')).click();
    await dialog.waitFor({ state: 'detached' });
    await poll(() => page.locator(tid('case-tag')).allInnerTexts()).toEqual(['Контроль ВК']);
  });

  it('removes its last tag: the dialog saved with nothing chosen leaves the case without tags', async () => {
    await page.locator(tid('case-tags-edit')).click();
    const dialog = page.locator(tid('tag-dialog'));
    await dialog.waitFor();
    await poll(() => dialog.locator('.ant-select-selection-item').allInnerTexts()).toEqual(['Контроль ВК']);
    await dialog.locator('.ant-select-selection-item-remove').click();
    await poll(() => dialog.locator('.ant-select-selection-item').count()).toBe(0);
    await dialog.locator(tid('form-save')).click();
    await dialog.waitFor({ state: 'detached' });
    await poll(() => page.locator(tid('case-tags-empty')).innerText()).toBe('Нет закладок в этом случае');
    expect(await page.locator(tid('case-tag')).count()).toBe(0);
  });

  it('transfers it to Kant; the sending unit cannot confirm; Kant confirms', async () => {
    await cmd('transfer').click();
    const dialog = page.locator(tid('transfer-dialog'));
    await dialog.waitFor();
    await pick(page, dialog.locator('.ant-select'), kant.name, true);
    await dialog.locator(tid('form-save')).click();
    await dialog.waitFor({ state: 'detached' });
    await poll(() => page.locator(tid('transfer-warning')).count()).toBe(1);

    const sender = await openAs(ctx.env, 'BRBISHKEK', 'Passw0rd', `/sys/case?id=${caseId}`);
    const disabled = sender.locator(tid('transfer-confirm-disabled'));
    await disabled.waitFor();
    expect(await sender.locator(tid('transfer-confirm')).isDisabled()).toBe(true);
    await disabled.hover();
    await poll(() => sender.locator('.ant-tooltip').innerText()).toContain('Вы не можете подтвердить это восстановление');
    expect(await sender.locator(tid('transfer-undo')).count()).toBe(1);
    // until Kant accepts it, the sending unit only looks at it: said so, and nothing offered to change it
    expect(await sender.locator(tid('transfer-read-only')).innerText()).toBe('Случай переведён в другое учреждение: до подтверждения перевода он доступен только для просмотра');
    await poll(() => sender.locator(tid('case-data-card')).innerText()).toContain('Осмонова');
    expect(await sender.locator(`${tid('case-data-edit')}, ${tid('case-tags-edit')}`).count()).toBe(0);

    page = await openAs(ctx.env, 'BRKANT', 'Passw0rd', `/sys/case?id=${caseId}`);
    await page.locator(tid('transfer-confirm')).click();
    await poll(() => page.locator(tid('transfer-warning')).count()).toBe(0);
    expect(await page.locator(tid('case-owner-unit')).innerText()).toBe(kant.name);
    expect(await page.locator(tid('case-owner-unit')).getAttribute('href')).toBe(`/sys/unit/cases?id=${kant.id}`);
    expect((await admin.get(`/api/tbl/tbcase/${caseId}`)).body).toMatchObject({ transferring: false, ownerUnitId: kant.id });
  });

  it('closes it with an outcome, then reopens it after the confirmation', async () => {
    await cmd('close').click();
    const dialog = page.locator(tid('close-dialog'));
    await dialog.waitFor();
    await dialog.locator(tid('form-save')).click();
    await poll(() => dialog.innerText()).toContain('Обязательное поле');
    expect(await dialog.locator('#root_otherOutcome').count()).toBe(0); // shown only for OTHER (x-visible)
    // never treated: no cured, completed, failed or interrupted treatment — the outcomes before treatment
    await dialog.locator('.ant-select').click();
    await poll(() => openDropdown(page).locator('.ant-select-item-option').allInnerTexts()).toEqual(['Умер', 'Потерян для последующего наблюдения до начала лечения', 'Не оценён', 'Другое']);
    await page.keyboard.press('Escape');
    await openDropdown(page).waitFor({ state: 'detached' });
    await pick(page, dialog.locator('.ant-select'), 'Другое');
    await dialog.locator('#root_otherOutcome').fill('Выбыл за пределы страны');
    await dialog.locator(tid('form-save')).click();
    await dialog.waitFor({ state: 'detached' });
    await poll(() => box('state').innerText()).toContain('Закрыт');
    expect(await box('state').getAttribute('data-color')).toBe('#6e6e6e'); // the grey of a closed case (AA: white text 5.1:1)
    expect((await admin.get(`/api/tbl/tbcase/${caseId}`)).body).toMatchObject({ state: 'CLOSED', outcome: 'OTHER', otherOutcome: 'Выбыл за пределы страны' });

    await cmd('reopen').click();
    expect(await page.locator(tid('confirm-dialog')).innerText()).toContain('Подтвердить возобновление случая?');
    await page.locator(tid('confirm-yes')).click();
    await poll(() => box('state').innerText()).toContain('Не на лечении');
  });

  it('deletes it: confirmation, then «Успешно удалено» titled «Удалить», then the unit’s cases', async () => {
    await cmd('delete').click();
    expect(await page.locator(tid('confirm-dialog')).innerText()).toContain('Подтвердить удаление?');
    await page.locator(tid('confirm-yes')).click();
    await poll(() => page.locator(tid('case-deleted')).innerText()).toBe('Успешно удалено');
    expect(await page.locator('.ant-modal-title').filter({ hasText: 'Удалить' }).count()).toBe(1);
    await page.locator(tid('case-deleted-ok')).click();
    await poll(async () => page.url()).toContain(`/sys/unit/cases?id=${kant.id}`);
    expect((await admin.get(`/api/tbl/case/${caseId}`)).status).toBe(404);
    // a full load: the deleted case is asked of the server afresh
    await page.goto(`/sys/case?id=${caseId}`);
    await poll(() => page.locator(tid('case-not-found')).innerText()).toContain('Случай не найден');
  });

  it('a case opened in place from another one that is no longer there says so, showing nothing of the one before', async () => {
    const other = (await admin.post('/api/tbl/patient', { name: 'Айгуль', lastName: 'Токтосунова', gender: 'FEMALE', birthDate: '1990-05-20' })).body.result;
    const made = await admin.post('/api/tbl/tbcase', { patientId: other, ownerUnitId: kant.id, notificationUnitId: kant.id, diagnosisType: 'CONFIRMED', classification: 'TB', registrationGroup: 'NEW', registrationDate: '2025-03-01', state: 'NOT_ONTREATMENT' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const live = made.body.result as string;
    await openInApp(page, `/sys/case?id=${live}`);
    await page.locator(`${tid('case-page')}[data-case-id="${live}"]`).waitFor();
    await openInApp(page, `/sys/case?id=${caseId}`); // deleted above
    await poll(() => page.locator(tid('case-not-found')).innerText()).toContain('Случай не найден');
    expect(await page.locator(tid('case-page')).count()).toBe(0);
  });

  it('confirming the transfer of a case on treatment asks the move date first', async () => {
    // the patient went with their only case: another patient
    patientId = (await admin.post('/api/tbl/patient', { name: 'Бакыт', lastName: 'Осмонов', gender: 'MALE', birthDate: '1988-02-11' })).body.result;
    const r = await admin.post('/api/tbl/tbcase', {
      patientId, ownerUnitId: bishkekId, notificationUnitId: bishkekId, diagnosisType: 'CONFIRMED', classification: 'TB', registrationGroup: 'NEW',
      registrationDate: '2025-03-01', state: 'ONTREATMENT', iniTreatmentDate: '2025-03-05',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.result;
    expect((await admin.post('/api/cases/case/transferout', { tbcaseId: id, unitToId: kant.id, moveDate: '2025-04-01' })).status).toBe(200);
    await openInApp(page, `/sys/case?id=${id}`);
    await pageSettled(page);
    await page.locator(tid('transfer-confirm')).click();
    const dialog = page.locator(tid('transfer-dialog'));
    const moveDate = dialog.locator('#root_moveDate');
    await moveDate.click();
    await moveDate.fill('2025-04-02');
    await moveDate.press('Tab');
    await poll(() => moveDate.inputValue()).toBe('02.04.2025');
    await dialog.locator(tid('form-save')).click();
    await dialog.waitFor({ state: 'detached' });
    await poll(() => page.locator(tid('transfer-warning')).count()).toBe(0);
    expect((await admin.get(`/api/tbl/tbcase/${id}`)).body).toMatchObject({ transferring: false, ownerUnitId: kant.id, moveDate: '2025-04-02' });
  });

  it("where the workspace does not use validation for TB ('Не используется'): no validation box, no validate command", async () => {
    await setCaseValidation(admin, { TB: 'DISABLED' });
    const r = await admin.post('/api/tbl/tbcase', {
      patientId, ownerUnitId: bishkekId, notificationUnitId: bishkekId, diagnosisType: 'CONFIRMED', classification: 'TB', registrationGroup: 'NEW', registrationDate: '2025-03-01',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // the admin's page, loaded afresh: the workspace's settings are read as the app loads
    page = await openAs(ctx.env, 'ADMIN', 'Admin123', '/sys/home');
    await page.goto(`/sys/case?id=${r.body.result}`);
    await poll(() => cmd('close').count()).toBe(1); // the command bar has loaded
    expect(await box('diagnosis').innerText()).toContain('Подтверждённый');
    expect(await box('validation').count()).toBe(0);
    expect(await page.locator(tid('case-state-boxes')).innerText()).not.toContain('Ожидает обоснования');
    expect(await cmd('validate').count()).toBe(0);
    await setCaseValidation(admin, { TB: 'ENABLED' });
    await page.reload();
    await poll(() => box('validation').innerText()).toContain('Ожидает обоснования');
    await poll(() => cmd('validate').count()).toBe(1);
  });
});
