// Global search: `POST /api/session/search` finds the
// session workspace's admin units, units and cases — cases by the patient's name parts or the case
// number, titled in the workspace's name composition — never another workspace's, at most 10 with
// room kept for cases.
import { beforeAll, describe, expect, it } from 'vitest';
import { systemSession } from '../../server/auth/system-session.ts';
import { kysely } from '../../server/db/kysely.ts';
import { TableWriter } from '../../server/tbl/write.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';
import { addWorkspace, type ExtraWorkspace } from '../helpers/workspace.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';

let demoWs: string;
let other: ExtraWorkspace;
const OTHER_WS = 'Соседнее пространство';

interface Hit {
  id: string;
  type: string;
  title: string;
  subtitle?: string | null;
}
const search = async (client: ApiClient, key: string, maxResults = 10) => {
  const r = await client.post<Hit[]>('/api/session/search', { key, maxResults });
  expect(r.status).toBe(200);
  return r.body;
};

useTestServer();
beforeAll(async () => {
  demoWs = (await admin.post('/api/sys/session')).body.workspaceId;
  // ADMIN belongs to a second workspace, which has a patient of the same surname as a demo one
  other = await addWorkspace(server, OTHER_WS, ['ADMIN']);
  const w = (table: string) => new TableWriter(server.ctx, server.ctx.registry.table(table), systemSession(other.workspaceId, OTHER_WS));
  const patientId = await w('patient').create({ name: 'Пётр', lastName: 'Ошурков', gender: 'MALE' });
  await w('tbcase').create({ patientId, caseNumber: 'ТБ-2024-0001', ownerUnitId: other.unitId, diagnosisType: 'CONFIRMED', classification: 'TB' });
});

describe('case results', () => {
  it('finds a demo case by surname, typed by gender, titled "Фамилия Имя Отчество" with number and unit', async () => {
    const hits = await search(admin, 'Ошурков');
    expect(hits).toEqual([
      { id: expect.any(String), type: 'CASE_MAN', title: 'Ошурков Алексей Викторович', subtitle: 'ТБ-2024-0001 · Ошский областной противотуберкулёзный диспансер' },
    ]);
    const doc = (await admin.get(`/api/tbl/tbcase/${hits[0].id}`)).body;
    expect(doc.caseNumber).toBe('ТБ-2024-0001');

    const woman = await search(admin, 'Кантемирова');
    expect(woman.map((h) => [h.type, h.title])).toEqual([['CASE_WOMAN', 'Кантемирова Елена Сергеевна']]);
  });

  it('matches every word of the key against the name parts, in any order', async () => {
    // 'Иванов' is two patients (a man with two cases, a woman) and a middle name (Ивановна)
    const all = await search(admin, 'иванов');
    expect(all.map((h) => h.title)).toEqual(['Иванов Сергей Петрович', 'Иванов Сергей Петрович', 'Иванова Мария Ивановна']);
    expect(all.map((h) => h.type)).toEqual(['CASE_MAN', 'CASE_MAN', 'CASE_WOMAN']);
    expect((await search(admin, 'Мария Иванова')).map((h) => h.title)).toEqual(['Иванова Мария Ивановна']);
    expect((await search(admin, 'Сергей Петрович Иванов')).map((h) => h.subtitle)).toEqual([
      'ТБ-2023-0117 · Бишкекский городской противотуберкулёзный диспансер',
      'ТБ-2024-0003 · Бишкекский городской противотуберкулёзный диспансер',
    ]);
    expect(await search(admin, 'Мария Петрович')).toEqual([]);
  });

  it('folds ё/е and Latin/Cyrillic spellings as the patient search does', async () => {
    const unit = await unitNamed(admin, 'Бишкекский');
    await createCase(admin, await newPatient(admin, { name: 'Пётр', lastName: 'Фёдоров', gender: 'MALE', birthDate: '1990-04-04' }), unit, { caseNumber: 'ЁЁ-1' });
    for (const key of ['Федоров', 'фёдоров', 'Fedorov', 'Petr Fedorov', 'федор']) expect((await search(admin, key)).map((h) => h.title), key).toEqual(['Фёдоров Пётр']);
    expect((await search(admin, 'Ivanova Mariya')).map((h) => h.title)).toEqual(['Иванова Мария Ивановна']);
    expect((await search(admin, 'Oshurkov')).map((h) => h.title)).toEqual(['Ошурков Алексей Викторович']);
  });

  it('finds a case by its number; a case without a number shows only its unit', async () => {
    expect((await search(admin, 'тб-2023-01')).map((h) => h.title)).toEqual(['Иванов Сергей Петрович']);
    // every case created gets a number (cases/case-number.ts); generated or imported rows may have none
    const db = kysely(server.ctx.orm.em.fork());
    await db.updateTable('tbcase').set({ case_number: null }).where('patient_id', 'in', db.selectFrom('patient').select('id').where('last_name', '=', 'Смирнова')).execute();
    expect((await search(admin, 'Смирнова')).map((h) => h.subtitle)).toEqual(['Бишкекский городской противотуберкулёзный диспансер']);
    // '%' and '_' are literal characters, not wildcards
    expect(await search(admin, 'ТБ_2024')).toEqual([]);
  });

  it('lists the case number typed whole first, before names holding its letters; writes dates as the language does', async () => {
    const unit = await unitNamed(admin, 'Бишкекский');
    const lab = (await admin.post('/api/tbl/unit/query', { pageSize: 100 })).body.list.find((u: any) => u.type === 'LAB').id;
    await createCase(admin, await newPatient(admin, { name: 'Данияр', lastName: 'Абдыкадыров', gender: 'MALE', birthDate: '1980-01-01' }), unit, { caseNumber: 'Д-0000061' });
    const caseId = await createCase(admin, await newPatient(admin, { name: 'Ян', lastName: 'Юсупов', gender: 'MALE', birthDate: '1980-01-01' }), unit, { caseNumber: 'Д-0000060' });
    const hits = await search(admin, 'Д-0000060');
    expect(hits[0].title).toBe('Юсупов Ян');
    expect(hits.slice(1).map((h) => h.title)).toContain('Абдыкадыров Данияр'); // a «д» in the name: listed after
    for (const [date, result] of [['2025-01-10', 'PLUS'], ['2025-02-10', 'NEGATIVE'], ['2025-03-12', 'NEGATIVE']]) expect((await admin.post('/api/tbl/examcul', { caseId, date, laboratoryId: lab, result })).status).toBe(200);
    expect((await search(admin, 'Юсупов'))[0].subtitle).toBe('Д-0000060 · Бишкекский городской противотуберкулёзный диспансер · Последний результат посева: Отрицательный · Дата конверсии культуры: 10.02.2025');
  });

  it("never shows another workspace's cases", async () => {
    const demo = await search(admin, 'ТБ-2024-0001');
    expect(demo.map((h) => h.title)).toEqual(['Ошурков Алексей Викторович']);
    const inOther = await server.login('ADMIN', 'Admin123', other.workspaceId);
    expect((await search(inOther, 'Ошурков')).map((h) => h.title)).toEqual(['Ошурков Пётр']);
    expect(await search(inOther, 'Кантемирова')).toEqual([]);
  });

  it('titles cases in the workspace’s patient name composition', async () => {
    const set = async (patientNameComposition: string) =>
      expect((await admin.post(`/api/tbl/workspace/${demoWs}`, { patientNameComposition })).status).toBe(200);
    try {
      await set('FIRSTSURNAME');
      expect((await search(admin, 'Ошурков'))[0].title).toBe('Алексей Ошурков');
      await set('LAST_FIRST_MIDDLENAME');
      expect((await search(admin, 'Ошурков'))[0].title).toBe('Ошурков, Алексей Викторович');
      await set('FIRST_MIDDLE_LASTNAME');
      expect((await search(admin, 'Ошурков'))[0].title).toBe('Алексей Викторович Ошурков');
    } finally {
      await set('LAST_FIRST_MIDDLENAME_WITHOUT_COMMAS');
    }
  });

  it('shows no cases to a user without the case permission', async () => {
    const clerk = await createUser(server, admin, 'SEARCHCLERK', [{ permission: 'SOURCES' }]);
    expect(await search(clerk, 'Ошурков')).toEqual([]);
    expect((await search(clerk, 'Ошский')).map((h) => h.type)).toContain('TBUNIT');
  });
});

describe('sharing the 10 places', () => {
  beforeAll(async () => {
    const area = (await admin.post('/api/tbl/adminunit/query', { name: 'Ленинский район' })).body.list[0].id;
    for (let i = 1; i <= 12; i++) {
      expect((await admin.post('/api/tbl/unit', { type: 'TBUNIT', name: `Квотинский диспансер № ${i}`, address: { adminUnitId: area } })).status).toBe(200);
      const p = await admin.post('/api/tbl/patient', { name: `Пациент${i}`, lastName: 'Квотин', gender: i % 2 ? 'MALE' : 'FEMALE' });
      const unit = (await admin.post('/api/tbl/unit/query', { name: `Квотинский диспансер № ${i}` })).body.list[0].id;
      expect((await admin.post('/api/tbl/tbcase', { patientId: p.body.result, ownerUnitId: unit, diagnosisType: 'SUSPECT', classification: 'TB' })).status).toBe(200);
    }
  });

  it('keeps half of the places for cases when both sides have more than enough, cases last', async () => {
    const hits = await search(admin, 'Квотин');
    expect(hits.map((h) => h.type.replace('CASE_WOMAN', 'CASE_MAN'))).toEqual([...Array(5).fill('TBUNIT'), ...Array(5).fill('CASE_MAN')]);
    expect(new Set(hits.slice(5).map((h) => h.type))).toEqual(new Set(['CASE_MAN', 'CASE_WOMAN']));
  });

  it('gives the places to one side when the other has none, and obeys a smaller maxResults', async () => {
    expect((await search(admin, 'Квотинский')).map((h) => h.type)).toEqual(Array(10).fill('TBUNIT'));
    const onlyCases = await search(admin, 'Пациент');
    expect(onlyCases).toHaveLength(10);
    expect(onlyCases.every((h) => h.type.startsWith('CASE_'))).toBe(true);
    const four = await search(admin, 'Квотин', 4);
    expect(four.map((h) => h.type.startsWith('CASE_'))).toEqual([false, false, true, true]);
  });
});

describe('workspace results', () => {
  it("offer only the session's workspace, not the user's other ones", async () => {
    expect((await search(admin, 'пространство')).filter((h) => h.type === 'WORKSPACE')).toEqual([]);
    expect(await search(admin, OTHER_WS)).toEqual([]);
    expect(await search(admin, 'Демонстрац')).toEqual([{ id: demoWs, type: 'WORKSPACE', title: 'Демонстрационная', subtitle: null }]);
    const inOther = await server.login('ADMIN', 'Admin123', other.workspaceId);
    expect((await search(inOther, 'пространство')).filter((h) => h.type === 'WORKSPACE')).toEqual([{ id: other.workspaceId, type: 'WORKSPACE', title: OTHER_WS, subtitle: null }]);
    expect(await search(inOther, 'Демонстрац')).toEqual([]);
  });
});
