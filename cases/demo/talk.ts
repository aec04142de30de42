/**
 * What people said about a demo case: comments in the case's groups and review issues with their
 * answers, written by the users who may — the unit's own doctor and nurse, the district's
 * coordinator, the national centre — each on a case in their write view, dated after the
 * registration and never after now. Pure.
 */
import type { Casecomment, Issue, Issuefollowup } from '../../engine/generated/index.ts';
import { isoOf } from '../../engine/day-numbers.ts';
import type { Course } from './course.ts';
import type { Random } from './random.ts';
import type { DemoUser } from './types.ts';

const COMMENTS: Record<string, string[]> = {
  DATA: ['Адрес проживания уточнён со слов пациента.', 'Пациент направлен из ЦСМ, результаты первичного обследования приложены.', 'Телефон родственника для связи записан в карту.'],
  CONTACTS: ['Все члены семьи приглашены на обследование.', 'Контакты по месту работы переданы в ЦСМ для обследования.'],
  ADV_REACTS: ['Тошнота на второй неделе лечения, доза не менялась.', 'Жалобы на онемение стоп, назначен пиридоксин.', 'Кожный зуд, назначены антигистаминные препараты.'],
  COMORBIDITIES: ['Сахарный диабет 2 типа, наблюдается у эндокринолога.', 'Направлен к наркологу.'],
  PREV_TREATS: ['Со слов пациента, лечение в прошлом прервано после трёх месяцев.', 'Выписка о предыдущем курсе лечения запрошена в диспансере по прежнему месту жительства.'],
};

/** A review issue a coordinator raises, and the unit's answer. */
interface IssueText {
  title: string;
  description: string;
  answer: string;
  fits: (c: Course) => boolean;
}

const ISSUES: IssueText[] = [
  { title: 'Нет результата посева', description: 'На втором месяце лечения нет результата посева мокроты. Прошу проверить.', answer: 'Материал отправлен в лабораторию, ждём результат.', fits: (c) => c.kind === 'DRTB' || c.kind === 'NTM' },
  { title: 'Тип лекарственной устойчивости', description: 'Уточните тип устойчивости по результатам ТЛЧ второго ряда.', answer: 'Тип устойчивости указан по результатам ТЛЧ.', fits: (c) => c.kind === 'DRTB' },
  { title: 'Дата регистрации', description: 'Дата регистрации раньше даты постановки диагноза — проверьте, пожалуйста.', answer: 'Дата регистрации исправлена.', fits: () => true },
  { title: 'Неполные данные о контактах', description: 'Не указаны контакты по месту работы.', answer: 'Контакты по месту работы добавлены.', fits: (c) => c.infectionSite === 'PULMONARY' },
  { title: 'Пропуски приёма препаратов', description: 'В календаре приёма пропуски больше двух недель. Какие меры приняты?', answer: 'Пациент посещён на дому, лечение возобновлено под непосредственным наблюдением.', fits: (c) => c.lastDose !== undefined },
  { title: 'Нет теста на ВИЧ', description: 'Нет результата теста на ВИЧ — направьте пациента на тестирование.', answer: 'Пациент направлен в центр СПИД, результат будет внесён.', fits: (c) => c.kind !== 'SUSPECT' },
];

/** A moment `days` (and some hours) after `day`, never after `now`. */
function at(day: number, days: number, r: Random, now: Date): string {
  const t = new Date(`${isoOf(day + days)}T0${r.between(8, 9)}:${String(r.int(60)).padStart(2, '0')}:00Z`);
  return (t > now ? new Date(now.getTime() - 60_000 * (1 + r.int(600))) : t).toISOString();
}

export interface CaseTalk {
  casecomment: Omit<Casecomment, 'caseId'>[];
  issue: (Omit<Issue, 'caseId'> & { followups: Omit<Issuefollowup, 'issueId'>[] })[];
}

/**
 * The comments and issues of a case owned by `ownerUnitId`: by its unit's users, the district's, the
 * national centre's (who may write on it), none when nobody may.
 * @example talkOf(course, ownerUnitId, users, r, new Date()) // { casecomment: [{ group: 'DATA', comment, userId, date }], issue: [] }
 */
export function talkOf(c: Course, ownerUnitId: string, users: DemoUser[], r: Random, now: Date): CaseTalk {
  const out: CaseTalk = { casecomment: [], issue: [] };
  const writers = users.filter((u) => u.writesFor.includes(ownerUnitId));
  const own = writers.filter((u) => u.unitId === ownerUnitId);
  const others = writers.filter((u) => u.unitId !== ownerUnitId);
  const commenting = { own: own.filter((u) => u.comments), others: others.filter((u) => u.comments) };
  const until = Math.min(c.outcomeDay ?? Infinity, Math.floor(now.getTime() / 86_400_000));
  const groups: Casecomment['group'][] = ['DATA', 'CONTACTS', ...(c.treatment ? ['ADV_REACTS' as const] : []), 'COMORBIDITIES', ...(c.registrationGroup !== 'NEW' ? ['PREV_TREATS' as const] : [])];
  for (let k = r.chance(0.3) ? r.between(1, 2) : 0; k > 0 && commenting.own.length + commenting.others.length > 0; k--) {
    const author = commenting.own.length && (r.chance(0.65) || !commenting.others.length) ? r.pick(commenting.own) : r.pick(commenting.others);
    const group = r.pick(groups);
    const day = c.registration + r.between(1, 40);
    if (day > until) continue;
    out.casecomment.push({ group, comment: r.pick(COMMENTS[group]), userId: author.id, date: at(c.registration, day - c.registration, r, now) });
  }
  const raisers = others.filter((u) => u.raises);
  const day = c.registration + r.between(7, 45);
  if (raisers.length && r.chance(0.14) && day <= Math.floor(now.getTime() / 86_400_000)) {
    const text = r.pick(ISSUES.filter((x) => x.fits(c)));
    const raiser = r.pick(raisers);
    const followups: Omit<Issuefollowup, 'issueId'>[] = [];
    const answerer = own.filter((u) => u.answers);
    if (answerer.length && r.chance(0.8)) {
      const who = r.pick(answerer);
      followups.push({ text: text.answer, userId: who.id, unitId: who.unitId, followupDate: at(day, r.between(1, 5), r, now) });
    }
    const closed = followups.length > 0 && r.chance(0.5);
    if (closed) followups.push({ text: 'Спасибо, вопрос закрыт.', userId: raiser.id, unitId: raiser.unitId, followupDate: at(day, r.between(6, 9), r, now) });
    out.issue.push({ title: text.title, description: text.description, userId: raiser.id, unitId: raiser.unitId, creationDate: at(day, 0, r, now), closed, followups });
  }
  return out;
}
