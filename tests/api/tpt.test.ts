// A contact's TB preventive treatment through the API (WHO consolidated guidelines,
// Module 1; the DAK's process E): the course starts only once TB is excluded, on a regimen that suits
// the index case's resistance and the contact's age, with the dose of the weight's band and the
// expected end from the regimen; intake is recorded on the treatment's calendar inside the course's
// time and never ahead of today; "completed" is refused until the regimen's doses are taken (3HP:
// 11 of 12, the 10th not enough); status and outcome follow their rules whatever writes them; the
// unit worklist lists the contacts waiting for evaluation (children under five first) and the
// courses missing doses. Dates are counted back from today, so the calendar's "not ahead of today"
// holds whenever the test runs.
import { beforeAll, describe, expect, it } from 'vitest';
import { addContact, addCourse, courseAction, evaluate, tbExcluded, tptRegimen } from '../helpers/contacts.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { historyOf } from '../helpers/history.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';
import { clientChanges, push } from '../helpers/push.ts';

const DAY = 86_400_000;
const today = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');
/** The ISO date `n` days before today (negative: after). */
const daysAgo = (n: number) => new Date(today.getTime() - n * DAY).toISOString().slice(0, 10);
/** The ISO date `n` days after `iso`. */
const plus = (iso: string, n: number) => new Date(Date.parse(iso + 'T00:00:00Z') + n * DAY).toISOString().slice(0, 10);
/** The latest date anywhere on Earth (UTC+14): the calendar takes a day up to it, whatever the user's zone. */
const latestDayOnEarth = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);

let bishkek: string;
let dsCase: string;
let mdrCase: string;
let tracer: ApiClient;
let viewer: ApiClient;
let r3HP: string;
let r6Lfx: string;

/**
 * Records the given days of a course as taken (`status`: DOTS), a month at a time — a month's save
 * replaces the month, so every day of it is sent together; `notTaken` days are sent as NOT_TAKEN.
 */
async function record(client: ApiClient, courseId: string, taken: string[], notTaken: string[] = []) {
  const months = new Map<string, { day: number; status: string }[]>();
  for (const [list, status] of [[taken, 'DOTS'], [notTaken, 'NOT_TAKEN']] as const) {
    for (const d of list) {
      const key = d.slice(0, 7);
      months.set(key, [...(months.get(key) ?? []), { day: Number(d.slice(8)), status }]);
    }
  }
  const out = [];
  for (const [ym, days] of months) out.push(await client.post('/api/cases/contact/tpt/followup', { tptcourseId: courseId, year: Number(ym.slice(0, 4)), month: Number(ym.slice(5)), days }));
  return out;
}
const view = async (client: ApiClient, contactId: string) => (await client.get(`/api/cases/contact/${contactId}/tpt`)).body;
const person = (name: string, birthDate: string) => ({ person: { name, lastName: 'Профилактова', gender: 'FEMALE' as const, birthDate }, contact: { registrationDate: daysAgo(130) } });

useTestServer();
beforeAll(async () => {
  bishkek = await unitNamed(admin, 'Бишкекский');
  const p1 = await newPatient(admin, { name: 'Айбек', lastName: 'Индексов', gender: 'MALE', birthDate: '1980-01-01' });
  dsCase = await createCase(admin, p1, bishkek, { registrationDate: daysAgo(140), diagnosisDate: daysAgo(141), infectionSite: 'PULMONARY' });
  const p2 = await newPatient(admin, { name: 'Улан', lastName: 'Индексов', gender: 'MALE', birthDate: '1979-01-01' });
  mdrCase = await createCase(admin, p2, bishkek, { classification: 'DRTB', drugResistanceType: 'MDR', registrationDate: daysAgo(140), diagnosisDate: daysAgo(141) });
  tracer = await createUser(server, admin, 'TPTTRACER', [{ permission: 'CASEMAN' }, { permission: 'CASECONTACT', canChange: true }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
  viewer = await createUser(server, admin, 'TPTVIEWER', [{ permission: 'CASEMAN' }, { permission: 'CASECONTACT' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
  r3HP = await tptRegimen(admin, '3HP');
  r6Lfx = await tptRegimen(admin, '6Lfx');
}, 180_000);

describe('starting a course', () => {
  let contactId: string;
  let courseId: string;
  const start = daysAgo(100);

  it('waits until the evaluation has excluded TB disease', async () => {
    contactId = await addContact(tracer, dsCase, person('Асия', '1990-01-01'));
    courseId = await addCourse(tracer, contactId, r3HP, { eligibilityDate: daysAgo(101), weightKg: 60 });
    const refused = await courseAction(tracer, courseId, 'tptstart', { startDate: start });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].msg).toBe('Профилактическое лечение начинают только после того, как обследование исключило активный ТБ');
    await evaluate(tracer, contactId, tbExcluded(daysAgo(110)));
    const started = await courseAction(tracer, courseId, 'tptstart', { startDate: start });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
  });

  it('expects the end 12 weeks after the start, with the dose of the 60 kg band', async () => {
    const v = await view(tracer, contactId);
    expect(v.course).toMatchObject({ status: 'ON_TPT', startDate: start, statusDate: start, expectedEndDate: plus(start, 83), dose: 'H 900 мг + P 900 мг' });
    expect(v.regimen).toMatchObject({ code: '3HP', minDoses: 11 });
    expect(v.deadline).toBe(plus(start, 111));
    // the calendar shows the start's month to the deadline's, a planned day a week
    expect(v.followup.flatMap((m: any) => m.planned.map((d: number) => `${m.year}-${String(m.month).padStart(2, '0')}-${String(d).padStart(2, '0')}`)))
      .toEqual(Array.from({ length: 12 }, (_, k) => plus(start, 7 * k)));
    expect((await historyOf(courseId)).map((e) => e.action)).toEqual(['create', 'tptstart']);
  });

  it('keeps the regimen and the weight once started', async () => {
    const r = await tracer.post(`/api/tbl/tptcourse/${courseId}`, { weightKg: 70 });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'weightKg', msg: 'Схему и вес не меняют после начала лечения' }]);
  });

  it('does not start the same person twice through another index case', async () => {
    const personId = (await tracer.get(`/api/tbl/contact/${contactId}`)).body.patientId;
    const again = await addContact(tracer, mdrCase, { patientId: personId, contact: { registrationDate: daysAgo(130) } });
    await evaluate(tracer, again, tbExcluded(daysAgo(110)));
    const second = await addCourse(tracer, again, r6Lfx, { eligibilityDate: daysAgo(101) });
    const r = await courseAction(tracer, second, 'tptstart', { startDate: daysAgo(90) });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].msg).toBe('Этот человек уже получает профилактическое лечение как контакт другого случая');
  });

  describe('the intake calendar and completion', () => {
    const weeks = (n: number) => Array.from({ length: n }, (_, k) => plus(start, 7 * k));

    it('refuses a day that has not come anywhere yet and a day before the start', async () => {
      // from 10:00 UTC "tomorrow in UTC" is already today east of the date line: the day after that
      const ahead = await record(tracer, courseId, [plus(latestDayOnEarth(), 1)]);
      expect(ahead.at(-1)!.status).toBe(400);
      const before = await record(tracer, courseId, [plus(start, -1)]);
      expect(before[0].status).toBe(400);
      expect(before[0].body.errors[0].msg).toMatch(/вне срока лечения/);
    });

    it('refuses "completed" with 10 of 3HP’s doses taken, and ends it with the 11th', async () => {
      for (const r of await record(tracer, courseId, weeks(10))) expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect((await view(tracer, contactId)).taken).toBe(10);
      const early = await courseAction(tracer, courseId, 'tptclose', { outcome: 'COMPLETED', outcomeDate: daysAgo(1) });
      expect(early.status).toBe(400);
      expect(early.body.errors).toEqual([{ field: 'outcome', msg: '«Лечение завершено» ставится только после 11 доз схемы 3HP в отведённый срок: принято 10' }]);
      await record(tracer, courseId, weeks(11));
      const done = await courseAction(tracer, courseId, 'tptclose', { outcome: 'COMPLETED', outcomeDate: daysAgo(1) });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const v = await view(tracer, contactId);
      expect(v.course).toMatchObject({ status: 'COMPLETED', outcome: 'COMPLETED', outcomeDate: daysAgo(1) });
      expect(v.editable).toBe(false);
    });

    it('records no intake once the course has ended, and reopens it', async () => {
      const r = await record(tracer, courseId, weeks(12));
      expect(r.at(-1)!.status).toBe(400);
      expect((await courseAction(tracer, courseId, 'tptreopen')).status).toBe(200);
      expect((await view(tracer, contactId)).course).toMatchObject({ status: 'ON_TPT' });
      expect((await view(tracer, contactId)).course.outcome ?? null).toBeNull();
    });
  });

  describe('the status of a running course', () => {
    it('is interrupted, resumed, put on hold; not set to what it is, nor dated before the start', async () => {
      expect((await courseAction(tracer, courseId, 'tptstatus', { status: 'INTERRUPTED', statusDate: daysAgo(5) })).status).toBe(200);
      const same = await courseAction(tracer, courseId, 'tptstatus', { status: 'INTERRUPTED', statusDate: daysAgo(4) });
      expect(same.body.errors[0].msg).toBe('Лечение уже в этом статусе');
      const early = await courseAction(tracer, courseId, 'tptstatus', { status: 'ON_HOLD', statusDate: plus(start, -1) });
      expect(early.body.errors).toEqual([{ field: 'statusDate', msg: 'Дата не может быть раньше начала лечения' }]);
      expect((await courseAction(tracer, courseId, 'tptstatus', { status: 'ON_TPT', statusDate: daysAgo(4) })).status).toBe(200);
      expect((await courseAction(tracer, courseId, 'tptstatus', { status: 'COMPLETED', statusDate: daysAgo(3) })).status).toBe(400);
    });
  });
});

describe('a course that is not running', () => {
  const notRunning = 'Профилактическое лечение сейчас не идёт';
  const noCalendar = 'Приём отмечается, только пока идёт профилактическое лечение';
  /** The three steps a course takes only while it runs, each sent a body it would otherwise take. */
  const steps = (courseId: string) => ({
    status: () => courseAction(tracer, courseId, 'tptstatus', { status: 'INTERRUPTED', statusDate: daysAgo(5) }),
    close: () => courseAction(tracer, courseId, 'tptclose', { outcome: 'LOST', outcomeDate: daysAgo(5) }),
    month: () => tracer.post('/api/cases/contact/tpt/followup', { tptcourseId: courseId, year: Number(daysAgo(5).slice(0, 4)), month: Number(daysAgo(5).slice(5, 7)), days: [{ day: Number(daysAgo(5).slice(8)), status: 'DOTS' }] }),
  });
  const refusedWith = (r: { status: number; body: any }, msg: string) => {
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.errors).toEqual([{ field: null, msg }]);
  };

  it('refuses a status change, a closing and a calendar month before the course starts, changing nothing', async () => {
    const contactId = await addContact(tracer, dsCase, person('Жылдыз', '1992-03-03'));
    await evaluate(tracer, contactId, tbExcluded(daysAgo(110)));
    const courseId = await addCourse(tracer, contactId, r3HP, { eligibilityDate: daysAgo(101), weightKg: 60 });
    const step = steps(courseId);
    refusedWith(await step.status(), notRunning);
    refusedWith(await step.close(), notRunning);
    refusedWith(await step.month(), noCalendar);
    expect((await view(tracer, contactId)).course).toMatchObject({ status: 'NOT_STARTED' });
    expect((await historyOf(courseId)).map((e) => e.action)).toEqual(['create']);
  });

  it('refuses them once the course has ended, changing nothing', async () => {
    const contactId = await addContact(tracer, dsCase, person('Гульнара', '1993-04-04'));
    await evaluate(tracer, contactId, tbExcluded(daysAgo(110)));
    const courseId = await addCourse(tracer, contactId, r3HP, { eligibilityDate: daysAgo(101), weightKg: 60 });
    expect((await courseAction(tracer, courseId, 'tptstart', { startDate: daysAgo(100) })).status).toBe(200);
    expect((await courseAction(tracer, courseId, 'tptclose', { outcome: 'LOST', outcomeDate: daysAgo(10) })).status).toBe(200);
    const step = steps(courseId);
    refusedWith(await step.status(), notRunning);
    refusedWith(await step.close(), notRunning);
    refusedWith(await step.month(), noCalendar);
    expect((await view(tracer, contactId)).course).toMatchObject({ status: 'COMPLETED', outcome: 'LOST', outcomeDate: daysAgo(10) });
    expect((await historyOf(courseId)).map((e) => e.action)).toEqual(['create', 'tptstart', 'tptclose']);
  });
});

describe('which regimen a contact may get', () => {
  it('gives 6 months of levofloxacin to a contact of MDR-TB, not 3HP', async () => {
    const contactId = await addContact(tracer, mdrCase, person('Жанара', '1995-05-05'));
    await evaluate(tracer, contactId, tbExcluded(daysAgo(110)));
    const wrong = await addCourse(tracer, contactId, r3HP, { eligibilityDate: daysAgo(101) });
    const refused = await courseAction(tracer, wrong, 'tptstart', { startDate: daysAgo(100) });
    expect(refused.body.errors[0].msg).toBe('Схема 3HP не подходит контактам индексного случая с таким типом устойчивости');
    expect((await tracer.post(`/api/tbl/tptcourse/${wrong}`, { regimenId: r6Lfx })).status).toBe(200);
    expect((await courseAction(tracer, wrong, 'tptstart', { startDate: daysAgo(100) })).status).toBe(200);
  });

  it('gives 3HP from 2 years of age: a 1-year-old is refused', async () => {
    const contactId = await addContact(tracer, dsCase, person('Малика', daysAgo(130 + 400)));
    await evaluate(tracer, contactId, tbExcluded(daysAgo(110)));
    const courseId = await addCourse(tracer, contactId, r3HP, { eligibilityDate: daysAgo(101), weightKg: 12 });
    const r = await courseAction(tracer, courseId, 'tptstart', { startDate: daysAgo(100) });
    expect(r.body.errors[0].msg).toBe('Схема 3HP назначается с 2 лет: возраст контакта меньше или неизвестен');
  });

  it('checks the same rules on a course written whole (the generic API, an offline upload)', async () => {
    const contactId = await addContact(tracer, dsCase, person('Дина', '1991-01-01'));
    const r = await tracer.post('/api/tbl/tptcourse', { contactId, eligible: true, eligibilityDate: daysAgo(101), regimenId: r3HP, weightKg: 60, status: 'ON_TPT' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'startDate', msg: 'У начатого лечения должна быть дата начала' }]);
    const untested = await tracer.post('/api/tbl/tptcourse', { contactId, eligible: true, eligibilityDate: daysAgo(101), regimenId: r3HP, weightKg: 60, status: 'ON_TPT', startDate: daysAgo(100) });
    expect(untested.body.errors[0].msg).toBe('Профилактическое лечение начинают только после того, как обследование исключило активный ТБ');
  });
});

describe('who may change a course', () => {
  it('lets CASECONTACT read the course, not start it, record intake or add one', async () => {
    const contactId = await addContact(tracer, dsCase, person('Рита', '1992-02-02'));
    const courseId = await addCourse(tracer, contactId, r3HP);
    expect((await viewer.get(`/api/cases/contact/${contactId}/tpt`)).body).toMatchObject({ canChange: false, editable: false, course: { id: courseId } });
    expect((await courseAction(viewer, courseId, 'tptstart', { startDate: daysAgo(1) })).status).toBe(403);
    expect((await viewer.post('/api/tbl/tptcourse', { contactId, eligible: false, notEligibleReason: 'REFUSED' })).status).toBe(403);
    expect((await viewer.post('/api/cases/contact/tpt/followup', { tptcourseId: courseId, year: 2026, month: 1, days: [] })).status).toBe(403);
  });
});

describe('the unit worklist', () => {
  it('lists the contacts waiting for evaluation, a child under five before an adult registered earlier', async () => {
    const adult = await addContact(tracer, dsCase, { person: { name: 'Ожидающий', lastName: 'Взрослый', gender: 'MALE', birthDate: '1970-01-01' }, contact: { registrationDate: daysAgo(20) } });
    const child = await addContact(tracer, dsCase, { person: { name: 'Ожидающий', lastName: 'Ребёнок', gender: 'MALE', birthDate: daysAgo(3 * 366) }, contact: { registrationDate: daysAgo(2) } });
    const list = (await tracer.post(`/api/cases/unit/${bishkek}/worklist`, {})).body.contactsToEvaluate as any[];
    const ids = list.map((r) => r.contactId);
    expect(ids.indexOf(child)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(child)).toBeLessThan(ids.indexOf(adult));
    expect(list.find((r) => r.contactId === adult)).toMatchObject({ daysWaiting: 20, contactType: 'household', caseId: dsCase });
    await evaluate(tracer, adult, tbExcluded(daysAgo(1)));
    const after = (await tracer.post(`/api/cases/unit/${bishkek}/worklist`, {})).body.contactsToEvaluate as any[];
    expect(after.map((r) => r.contactId)).not.toContain(adult);
  });

  it('lists a course with a dose not taken in the last 14 days, and not once it is taken', async () => {
    const contactId = await addContact(tracer, mdrCase, { person: { name: 'Пропуск', lastName: 'Дозов', gender: 'FEMALE', birthDate: '1985-03-03' }, contact: { registrationDate: daysAgo(40) } });
    await evaluate(tracer, contactId, tbExcluded(daysAgo(35)));
    const courseId = await addCourse(tracer, contactId, r6Lfx, { eligibilityDate: daysAgo(30) });
    expect((await courseAction(tracer, courseId, 'tptstart', { startDate: daysAgo(20) })).status).toBe(200);
    const days = Array.from({ length: 20 }, (_, i) => daysAgo(20 - i)).filter((d) => d !== daysAgo(3));
    await record(tracer, courseId, days, [daysAgo(3)]);
    const missed = (await tracer.post(`/api/cases/unit/${bishkek}/worklist`, {})).body.tptMissedDoses as any[];
    expect(missed.find((r) => r.contactId === contactId)).toMatchObject({ regimen: '6Lfx', plannedDays: 14, notTaken: 1, notRecorded: 0 });
    await record(tracer, courseId, [...days, daysAgo(3)]);
    const none = (await tracer.post(`/api/cases/unit/${bishkek}/worklist`, {})).body.tptMissedDoses as any[];
    expect(none.map((r) => r.contactId)).not.toContain(contactId);
  });

  it('counts for the dashboards what the worklist lists, in the unit and the workspace', async () => {
    const sqlCount = async (q: string) => Number((await server.ctx.orm.em.fork().getConnection().execute(q))[0].n);
    const waiting = await sqlCount(`select count(*) as n from contact where unit_id = '${bishkek}' and not examinated and not_evaluated_reason is null`);
    const running = await sqlCount(`select count(*) as n from tptcourse where unit_id = '${bishkek}' and status in ('ON_TPT', 'INTERRUPTED', 'ON_HOLD')`);
    const unit = (await tracer.post('/api/cases/contacts/counts', { scope: 'UNIT', scopeId: bishkek })).body;
    const missed = (await tracer.post(`/api/cases/unit/${bishkek}/worklist`, {})).body.tptMissedDoses.length;
    expect(unit).toEqual({ waiting, onTpt: running, tptMissed: missed, capped: false });
    expect(waiting).toBeGreaterThan(0);
    // a unit-view reader asking for the workspace counts their unit's; the workspace has no missed count
    expect((await tracer.post('/api/cases/contacts/counts', { scope: 'WORKSPACE' })).body).toEqual({ waiting, onTpt: running, tptMissed: null, capped: false });
  });

  it('gives no contact lists to a reader without CASECONTACT', async () => {
    const reader = await createUser(server, admin, 'TPTREADER', [{ permission: 'CASEMAN' }], 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
    const w = (await reader.post(`/api/cases/unit/${bishkek}/worklist`, {})).body;
    expect(w.contactsToEvaluate).toBeNull();
    expect(w.tptMissedDoses).toBeNull();
    expect((await reader.post('/api/cases/contacts/counts', { scope: 'WORKSPACE' })).status).toBe(403);
  });
});

describe('from an offline client', () => {
  it('uploads a new person, their contact, its evaluation and a started course, checked as in the browser', async () => {
    const [personId, contactId, courseId, wrongId] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const answers = await push(tracer, clientChanges(
      { table: 'patient', op: 'create', id: personId, data: { name: 'Офлайн', lastName: 'Контактова', gender: 'FEMALE', birthDate: '1993-03-03' } },
      { table: 'contact', op: 'create', id: contactId, data: { caseId: dsCase, patientId: personId, registrationDate: daysAgo(30), contactType: 'household', examinated: false } },
      // a course started before TB was excluded: refused, as the start action would be
      { table: 'tptcourse', op: 'create', id: wrongId, data: { contactId, eligible: true, eligibilityDate: daysAgo(20), regimenId: r3HP, weightKg: 60, status: 'ON_TPT', startDate: daysAgo(10) } },
      { table: 'contact', op: 'update', id: contactId, baseVersion: 1, data: tbExcluded(daysAgo(25)) },
      { table: 'tptcourse', op: 'create', id: courseId, data: { contactId, eligible: true, eligibilityDate: daysAgo(20), regimenId: r3HP, weightKg: 60, status: 'ON_TPT', startDate: daysAgo(10), statusDate: daysAgo(10) } },
    ));
    expect(answers.map((a) => a.result)).toEqual(['applied', 'applied', 'rejected', 'applied', 'applied']);
    expect(answers[2].errors![0].msg).toBe('Профилактическое лечение начинают только после того, как обследование исключило активный ТБ');
    // the server computed what the start action does: the expected end and the dose
    expect((await view(tracer, contactId)).course).toMatchObject({ status: 'ON_TPT', expectedEndDate: plus(daysAgo(10), 83), dose: 'H 900 мг + P 900 мг', unitId: bishkek });
  });
});
