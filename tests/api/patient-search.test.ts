// The patient search: the guard against registering a patient twice finds them
// whatever the letter case, ё/е, a Latin spelling of a Cyrillic name and back, a one-letter typo or
// the name parts in another order, closest first; 20 per page with the count; each hit carries the
// latest case.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCases } from '../../cases/generate.ts';
import { kysely } from '../../server/db/kysely.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

let unitId: string;
const ids: Record<string, string> = {};

/** Notifies a confirmed TB case of a new patient; remembers the patient's id under `key`. */
async function register(key: string, lastName: string, name: string, middleName: string | undefined, birthDate = '1980-05-01', registrationDate = '2026-01-10') {
  const r = await admin.post('/api/cases/case/newnotif', {
    diagnosisType: 'CONFIRMED', caseClassification: 'TB', unitId,
    doc: { patient: { lastName, name, middleName, gender: 'MALE', birthDate }, tbcase: { registrationDate, diagnosisDate: registrationDate, registrationGroup: 'NEW' } },
  });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  const c = await admin.get(`/api/tbl/tbcase/${r.body.result}`);
  ids[key] = c.body.patientId;
  return r.body.result as string;
}
const search = (body: Record<string, unknown>) => admin.post('/api/tbl/patient/search', body);
const found = async (body: Record<string, unknown>) => {
  const r = await search(body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.list as any[]).map((h) => h.patient.id as string);
};

useTestServer();
beforeAll(async () => {
  unitId = (await admin.post('/api/tbl/unit/query', { key: 'Ош' })).body.list[0].id;
  await register('aibek', 'Токтогулов', 'Айбек', 'Асанович', '1980-05-01');
  await register('mirror', 'Асанов', 'Айбек', 'Токтогулович', '1975-02-02');
  await register('aigul', 'Токтогулова', 'Айгуль', 'Маратовна', '1985-03-03');
  await register('fedor', 'Фёдоров', 'Пётр', 'Ильич', '1990-04-04');
  await register('latin', 'Tokhtogulov', 'Nurlan', undefined, '1970-06-06');
  for (let i = 0; i < 25; i++) await register(`page${i}`, 'Страничкин', 'Пагинат', `Номер${String.fromCharCode(1040 + i)}`, '2000-01-01');
  await register('prefixes', 'Страничкина', 'Пагинада', undefined, '2001-01-01');
  await register('petrovsky', 'Петровский', 'Ильяс', undefined, '1960-01-01');
  await register('petrof', 'Петроф', 'Ильяс', undefined, '1960-01-02');
  for (const [i, name] of ['Алексей', 'Сергей', 'Иван', 'Дмитрий', 'Андрей'].entries()) await register(`ivanov${i}`, 'Иванов', name, 'Петрович', `197${i}-02-02`);
  await register('ivanova', 'Иванова', 'Мария', 'Ивановна', '1979-09-09');
}, 240_000);

describe('finds a registered patient', () => {
  it('whatever the letter case, closest first', async () => {
    expect((await found({ lastName: 'ТОКТОГУЛОВ', name: 'айбек' }))[0]).toBe(ids.aibek);
  });

  it('with е for ё (and ё for е)', async () => {
    expect((await found({ lastName: 'Федоров', name: 'Петр' }))[0]).toBe(ids.fedor);
    expect((await found({ lastName: 'Фёдоров', name: 'Пётр', middleName: 'Ильич' }))[0]).toBe(ids.fedor);
  });

  it('typed in Latin letters, and a Latin name typed in Cyrillic', async () => {
    expect((await found({ lastName: 'Tokhtogulov', name: 'Aibek' }))[0]).toBe(ids.aibek);
    expect((await found({ lastName: 'toktogulov', name: 'aybek', middleName: 'asanovich' }))[0]).toBe(ids.aibek);
    expect((await found({ lastName: 'Тохтогулов', name: 'Нурлан' }))[0]).toBe(ids.latin);
  });

  it('with a one-letter typo', async () => {
    expect((await found({ lastName: 'Токтогулав', name: 'Айбек' }))[0]).toBe(ids.aibek);
    expect((await found({ lastName: 'Фёдорв', name: 'Пётр' }))[0]).toBe(ids.fedor);
  });

  it('with the name parts in another order', async () => {
    expect((await found({ lastName: 'Айбек', name: 'Токтогулов' }))[0]).toBe(ids.aibek);
    expect(await found({ name: 'Асанович Токтогулов Айбек' })).toContain(ids.aibek);
  });

  it('ranks the closest first: the very name, then the same words elsewhere, then near names', async () => {
    const list = await found({ lastName: 'Токтогулов', name: 'Айбек', middleName: 'Асанович' });
    expect(list[0]).toBe(ids.aibek);
    expect(list.indexOf(ids.mirror)).toBeGreaterThan(0);
    const fragment = await found({ lastName: 'Токтогулов' });
    expect(fragment).toEqual(expect.arrayContaining([ids.aibek, ids.aigul, ids.latin]));
    expect(fragment.indexOf(ids.aibek)).toBeLessThan(fragment.indexOf(ids.aigul));
  });

  it('by any one name part: the surname alone, the first name alone', async () => {
    expect((await found({ lastName: 'Фёдоров' }))[0]).toBe(ids.fedor);
    expect((await found({ lastName: 'федоров' }))[0]).toBe(ids.fedor);
    expect(await found({ name: 'Пётр' })).toContain(ids.fedor);
    expect(await found({ middleName: 'Маратовна' })).toContain(ids.aigul);
  });

  it('by the birth date alone: those born that day, by name, 20 a page', async () => {
    expect(await found({ birthDate: '1985-03-03' })).toContain(ids.aigul);
    expect(await found({ birthDate: '1985-03-03' })).not.toContain(ids.aibek);
    const r = await search({ birthDate: '2000-01-01' });
    expect(r.body.count).toBe(25);
    expect(r.body.list.map((h: any) => h.patient.id)).toEqual(Array.from({ length: 20 }, (_, i) => ids[`page${i}`]));
    expect((await search({ birthDate: '2000-01-01', page: 2 })).body.list.map((h: any) => h.patient.id)).toEqual([20, 21, 22, 23, 24].map((i) => ids[`page${i}`]));
  });

  it('ranks a name within one typing error of the one typed above names only sharing its beginnings', async () => {
    // 'Страничкина Пагинада' shares the beginnings of both words typed, 'Страничкин Пагинат …' is one letter off
    const r = await search({ lastName: 'Страничкин', name: 'Пагинад' });
    expect(r.body.count).toBe(26);
    const second = (await search({ lastName: 'Страничкин', name: 'Пагинад', page: 2 })).body.list.map((h: any) => h.patient.id);
    expect(second).toHaveLength(6);
    expect(second[5]).toBe(ids.prefixes);
    // 'Петроф' is one letter off 'Петров'; 'Петровский' only begins with it (and its words score higher)
    const petrov = await found({ lastName: 'Петров', name: 'Ильяс' });
    expect(petrov.indexOf(ids.petrof)).toBe(0);
    expect(petrov.indexOf(ids.petrovsky)).toBeGreaterThan(0);
    // a swapped pair of letters is one typing error too
    expect((await found({ lastName: 'Токтогулво', name: 'Айбек' }))[0]).toBe(ids.aibek);
  });

  it('ranks, among names one typing error away, the one keeping the typed ending first', async () => {
    // 'Иваноа' is one error from 'Иванова' (a letter dropped) and from 'Иванов' (a letter changed): the typed
    // ending -а counts, so every Иванова (the demo's Мария Ивановна too) comes before every Иванов
    const surnames = async (lastName: string) => ((await search({ lastName })).body.list as any[]).map((h) => h.patient.lastName as string);
    const ivanoa = await surnames('Иваноа');
    expect(ivanoa.slice(0, 2)).toEqual(['Иванова', 'Иванова']);
    expect(ivanoa.slice(2, 8)).toEqual(Array(6).fill('Иванов'));
    expect((await found({ lastName: 'Иваноа' })).slice(0, 2)).toContain(ids.ivanova);
  });

  it('narrowed by the birth date', async () => {
    expect(await found({ lastName: 'Токтогулов', name: 'Айбек', birthDate: '1980-05-01' })).toEqual([ids.aibek]);
    expect(await found({ lastName: 'Токтогулов', name: 'Айбек', birthDate: '1981-05-01' })).toEqual([]);
  });

  it('not a stranger', async () => {
    expect(await found({ lastName: 'Ошурков', name: 'Айбек' })).not.toContain(ids.aibek);
    expect(await found({ lastName: 'Абракадабров', name: 'Зюзя' })).toEqual([]);
  });
});

describe('follows the register as it changes', () => {
  it('a renamed patient is found by the new name, no longer by the old; all three parts typed narrow to them', async () => {
    await register('renamed', 'Переименов', 'Самат', 'Бекович', '1966-06-06');
    expect(await found({ lastName: 'Переименов', name: 'Самат', middleName: 'Бекович' })).toEqual([ids.renamed]);
    expect((await admin.post(`/api/tbl/patient/${ids.renamed}`, { lastName: 'Новоназванов' })).status).toBe(200);
    expect(await found({ lastName: 'Новоназванов', name: 'Самат' })).toEqual([ids.renamed]);
    expect(await found({ lastName: 'Переименов', name: 'Самат' })).not.toContain(ids.renamed);
    // the third part must match too: another patronymic is no such patient
    expect(await found({ lastName: 'Новоназванов', name: 'Самат', middleName: 'Бекович' })).toEqual([ids.renamed]);
    expect(await found({ lastName: 'Новоназванов', name: 'Самат', middleName: 'Жолдошевич' })).toEqual([]);
  });
});

describe('the name key: each spelling of one sound gives one key', () => {
  // tb_name_key (migration patient_search): Cyrillic letters to Latin, then the common Latin
  // spellings of one sound folded to one (kh/h, zh/dzh/dj/j, ts/tz/c, shch/sch/sh, ye/yo/e, ph/f,
  // x/ks, y/i, w/v, q/k), doubled letters single, every non-letter a word break.
  it.each([
    // each spelling, and the key they all give
    [['Жумабеков', 'ЖУМАБЕКОВ', 'Zhumabekov', 'Dzhumabekov', 'Djumabekov', 'Jumabekov'], 'jumabekov'],
    [['Тохтогулов', 'Tokhtogulov', 'Tohtogulov'], 'tohtogulov'],
    [['Цой', 'Tsoi', 'Tsoy', 'Tzoi', 'Coi'], 'coi'],
    [['Щукин', 'Шукин', 'Shchukin', 'Schukin', 'Shukin'], 'shukin'],
    [['Ёлкин', 'Елкин', 'Yolkin', 'Yelkin', 'Elkin'], 'elkin'],
    [['Филипп', 'Philipp', 'Filip'], 'filip'],
    [['Максим', 'Maxim', 'Maksim'], 'maksim'],
    [['Юлия', 'Yuliya', 'Iuliia', 'Yulia'], 'iulia'], // и + я: 'iia', the doubled i single
    [['Вова', 'Wowa', 'Vova'], 'vova'],
    [['Чынгыз', 'Chyngyz', 'Chingiz'], 'chingiz'],
    [['Қасым', 'Kasym', 'Qasym'], 'kasim'],
    [['Өмүрбек', 'Ömürbek', 'Omurbek'], 'omurbek'],
    [['Игорь', 'Игоръ', 'Igor'], 'igor'],
    [['Şükür', 'Шүкүр', 'Shukur'], 'shukur'],
    [['Ахмед-Оглы', 'Akhmed Ogly', ' ахмед  оглы '], 'ahmed ogli'],
  ])('%j → %s', async (spellings, key) => {
    for (const name of spellings) {
      const { rows } = await sql<{ key: string }>`select tb_name_key(${name}) as key`.execute(kysely(server.ctx.orm.em.fork()));
      expect(rows[0].key, name).toBe(key);
    }
  });

  it('a name with no letters has no key', async () => {
    const { rows } = await sql<{ key: string | null }>`select tb_name_key(${'-- 12'}) as key`.execute(kysely(server.ctx.orm.em.fork()));
    expect(rows[0].key).toBe(null);
  });
});

describe('the hits', () => {
  it('carry the patient and the latest case: number, classification, diagnosis type, state, dates, notification unit with its area', async () => {
    const r = await search({ lastName: 'Токтогулов', name: 'Айбек', middleName: 'Асанович' });
    const hit = r.body.list[0];
    expect(hit.patient).toMatchObject({ id: ids.aibek, name: 'Айбек', lastName: 'Токтогулов', middleName: 'Асанович', gender: 'MALE', birthDate: '1980-05-01' });
    expect(hit).toMatchObject({ classification: 'TB', diagnosisType: 'CONFIRMED', state: 'NOT_ONTREATMENT', registrationDate: '2026-01-10', diagnosisDate: '2026-01-10' });
    expect(hit.caseNumber).toMatch(/^\d{6}$/);
    expect(hit.notificationUnit.id).toBe(unitId);
    expect(hit.notificationUnit.adminUnit.name).toEqual(expect.any(String));
    // a later case becomes the latest
    const later = await admin.post('/api/cases/case/newnotif', {
      diagnosisType: 'SUSPECT', caseClassification: 'DRTB', unitId, patientId: ids.aibek,
      doc: { patient: { lastName: 'Токтогулов', name: 'Айбек', middleName: 'Асанович', gender: 'MALE', birthDate: '1980-05-01' }, tbcase: { registrationDate: '2026-06-01', registrationGroup: 'NEW' } },
    });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    const again = (await search({ lastName: 'Токтогулов', name: 'Айбек', middleName: 'Асанович' })).body.list[0];
    expect(again).toMatchObject({ caseId: later.body.result, diagnosisType: 'SUSPECT', classification: 'DRTB', registrationDate: '2026-06-01' });
  });

  it('come 20 a page, with the count', async () => {
    const p1 = (await search({ lastName: 'Страничкин', name: 'Пагинат' })).body;
    // the 25 'Страничкин Пагинат …' and 'Страничкина Пагинада' (the beginnings of both words)
    expect([p1.count, p1.countCapped, p1.page, p1.pageSize, p1.list.length]).toEqual([26, false, 1, 20, 20]);
    const p2 = (await search({ lastName: 'Страничкин', name: 'Пагинат', page: 2 })).body;
    expect([p2.count, p2.page, p2.list.length]).toEqual([26, 2, 6]);
    const all = [...p1.list, ...p2.list].map((h: any) => h.patient.id);
    expect(new Set(all).size).toBe(26);
    const p3 = (await search({ lastName: 'Страничкин', name: 'Пагинат', page: 3 })).body;
    expect([p3.count, p3.list.length]).toEqual([26, 0]);
  });

  it('of a broad search count up to 500 ("500+"); generated patients (bulk inserts) are found too', async () => {
    const db = kysely(server.ctx.orm.em.fork());
    const ws = (await admin.post('/api/sys/session')).body.workspaceId;
    await generateCases(db, ws, 8000, { unitIds: [unitId] });
    const keys = await db.selectFrom('patient').select((eb) => eb.fn.count('id').as('n')).where('search_key', 'is', null).executeTakeFirstOrThrow();
    expect(Number(keys.n)).toBe(0);
    const r = (await search({ lastName: 'Иванов' })).body;
    expect([r.count, r.countCapped, r.list.length]).toEqual([500, true, 20]);
    expect(r.list[0].patient.lastName).toBe('Иванов');
    const one = await db.selectFrom('patient').select(['id', 'name', 'last_name', 'middle_name', 'birth_date']).where('last_name', '=', 'Касымова').orderBy('id').executeTakeFirstOrThrow();
    const hits = (await search({ lastName: 'kasymova', name: one.name, middleName: one.middle_name, birthDate: String((await db.selectFrom('patient').select((eb) => eb.cast('birth_date', 'text').as('d')).where('id', '=', one.id).executeTakeFirstOrThrow()).d) })).body.list;
    expect(hits.map((h: any) => h.patient.id)).toContain(one.id);
  });

  it('need a name part or the birth date; a bad birth date or page is a 400 naming the field', async () => {
    const none = await search({ name: '  ' });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([{ field: 'lastName', msg: 'Введите фамилию, имя, отчество или дату рождения' }]);
    const date = await search({ name: 'Айбек', birthDate: '1980-13-45' });
    expect(date.status).toBe(400);
    expect(date.body.errors[0].field).toBe('birthDate');
    expect((await search({ name: 'Айбек', page: 0 })).status).toBe(400);
    expect((await search({ name: 'Айбек', extra: 1 })).status).toBe(400);
  });
});
