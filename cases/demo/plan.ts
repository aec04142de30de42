/**
 * The demo register as rows: for each case its patient, the case (with the columns a write would
 * derive — latest results, culture and smear conversion, the adherence alert), its treatment,
 * prescriptions, treatment units and calendar, its exams, case data, manual tags, comments and
 * issues; a few cases transferring between units and some transferred before. Pure: the same
 * catalogue, seed and day plan the same register (`insert.ts` writes it).
 */
import type { Registry } from '../../engine/registry.ts';
import type { Doc } from '../../server/types.ts';
import { docToRow } from '../../server/tbl/rows.ts';
import { derivedFields, derivedValue } from '../followups/derived.ts';
import { alertFromOf } from '../treatment/alert.ts';
import { dayOf, isoOf } from '../../engine/day-numbers.ts';
import { calendarOf } from './calendar.ts';
import { caseDataOf } from './case-data.ts';
import { planCourse, type Course } from './course.ts';
import { examsOf } from './exams.ts';
import { patientOf } from './people.ts';
import { Random } from './random.ts';
import { talkOf } from './talk.ts';
import type { DemoCatalogue, DemoRows, DemoUnit } from './types.ts';

/** A transfer of a treated case: to another unit on `move`; `accepted`: the receiving unit confirmed it. */
interface Transfer {
  from: DemoUnit;
  to: DemoUnit;
  move: number;
  accepted: boolean;
}

const fits = (u: DemoUnit, c: Course) => (c.classification === 'DRTB' ? u.drtb : c.classification === 'NTM' ? u.ntm : u.tb);

/**
 * Which treated cases moved: a few waiting to be accepted (one leaving the demo doctor's unit and one
 * coming to it, at least), some accepted months ago.
 */
function planTransfers(courses: Course[], cat: DemoCatalogue, r: Random): Map<number, Transfer> {
  const today = dayOf(cat.today);
  const out = new Map<number, Transfer>();
  const doctorUnit = cat.users.find((u) => u.login === 'DOCTOR1')?.unitId;
  const onTreatment = (c: Course) => c.state === 'ONTREATMENT' && c.lastDose === undefined && !!c.treatment && c.treatment.ini < today - 1;
  const pending = (i: number, to: DemoUnit | undefined) => {
    const c = courses[i];
    if (!to || !c.treatment) return;
    out.set(i, { from: c.unit, to, move: Math.max(c.treatment.ini + 1, today - r.between(1, 10)), accepted: false });
  };
  const otherUnit = (c: Course) => {
    const list = cat.units.filter((u) => u.id !== c.unit.id && fits(u, c));
    return list.length ? r.pick(list) : undefined;
  };
  const leaving = courses.findIndex((c) => onTreatment(c) && c.unit.id === doctorUnit);
  if (leaving >= 0) pending(leaving, otherUnit(courses[leaving]));
  const coming = courses.findIndex((c) => onTreatment(c) && c.unit.id !== doctorUnit && cat.units.some((u) => u.id === doctorUnit && fits(u, c)));
  if (coming >= 0) pending(coming, cat.units.find((u) => u.id === doctorUnit));
  courses.forEach((c, i) => {
    if (out.has(i) || !c.treatment) return;
    if (onTreatment(c) && r.chance(0.04)) return pending(i, otherUnit(c));
    const until = Math.min(today - 1, c.outcomeDay ?? Infinity, c.recordedTo ?? Infinity) - 5;
    if (until - c.treatment.ini >= 40 && r.chance(0.04)) {
      const to = otherUnit(c);
      if (to) out.set(i, { from: c.unit, to, move: c.treatment.ini + r.between(20, until - c.treatment.ini), accepted: true });
    }
  });
  return out;
}

const iso = (day: number | undefined) => (day === undefined ? undefined : isoOf(day));

/**
 * Plans `n` cases of the register.
 * @example const rows = planRegister(catalogue, registry, { n: 300, seed: 2024, now: new Date() }); rows.tbcase.length // 300
 */
export function planRegister(cat: DemoCatalogue, registry: Registry, opts: { n: number; seed: number; now: Date }): DemoRows {
  const r = new Random(opts.seed);
  const rows: DemoRows = {};
  const add = (table: string, doc: Doc, id = r.uuid()) => {
    (rows[table] ??= []).push({ id, ...doc });
    return id;
  };
  const courses = Array.from({ length: opts.n }, (_, i) => planCourse(i, cat, r));
  const transfers = planTransfers(courses, cat, r);
  const derived = derivedFields(registry).filter((d) => d.table.name === 'tbcase');
  courses.forEach((c, i) => {
    const patient = patientOf(c, r);
    const patientId = add('patient', patient);
    const caseId = r.uuid();
    const move = transfers.get(i);
    const owner = move ? move.to : c.unit;
    const exams = examsOf(c, cat, r);
    const examIds: Record<string, (Doc & { id: string })[]> = {};
    for (const [table, list] of Object.entries(exams)) for (const doc of list) examIds[table] = [...(examIds[table] ?? []), { id: add(table, { caseId, ...doc }), ...doc }];
    const hivPositive = exams.examhiv.some((x) => x.result === 'POSITIVE');
    const data = caseDataOf(c, patient, hivPositive, cat, r);
    const tr = c.treatment;
    const months = calendarOf(c, r);
    const tbcase: Doc = {
      patientId, caseNumber: `Д-${String(i + 1).padStart(7, '0')}`, ownerUnitId: owner.id, notificationUnitId: c.unit.id,
      state: c.state, diagnosisType: c.diagnosisType, classification: c.classification, validated: c.validated,
      transferring: !!move && !move.accepted, transferFromUnitId: move && !move.accepted ? move.from.id : undefined, moveDate: iso(move?.move),
      registrationGroup: c.registrationGroup, diagnosisBasis: c.diagnosisBasis, registrationDate: isoOf(c.registration), diagnosisDate: iso(c.diagnosis),
      infectionSite: c.infectionSite, extrapulmonaryForm: c.extrapulmonaryForm, drugResistanceType: c.drugResistanceType,
      iniTreatmentDate: iso(tr?.ini), outcome: c.outcome, outcomeDate: iso(c.outcomeDay), comorbidities: data.comorbidities,
      treatmentIniDate: iso(tr?.ini), treatmentEndDate: iso(tr?.end),
      adherenceAlertFrom: tr ? alertFromOf({ ini: isoOf(tr.ini), end: isoOf(tr.end), months }) : undefined,
    };
    // the columns a write derives from the exams, as it would (cases/followups/derived.ts)
    for (const d of derived) {
      const from = (examIds[d.from.name] ?? []).map((x) => ({ ...docToRow(d.from.fields, x), id: x.id, __date: x.date }));
      from.sort((a, b) => (a.__date === b.__date ? (a.id < b.id ? 1 : -1) : a.__date < b.__date ? 1 : -1));
      tbcase[d.field.key] = derivedValue(d, from, cat.definitions) ?? undefined;
    }
    add('tbcase', tbcase, caseId);
    if (tr) {
      add('treatment', { caseId, regimenId: tr.regimen?.id, movedToIndividualized: tr.movedToIndividualized, iniDate: isoOf(tr.ini), endDate: isoOf(tr.end) });
      for (const p of tr.prescriptions) add('prescription', { caseId, ...p });
      if (move && move.move > tr.ini) {
        add('treatunit', { caseId, unitId: move.from.id, iniDate: isoOf(tr.ini), endDate: isoOf(move.move - 1) });
        add('treatunit', { caseId, unitId: move.to.id, iniDate: isoOf(move.move), endDate: isoOf(tr.end) });
      } else add('treatunit', { caseId, unitId: owner.id, iniDate: isoOf(tr.ini), endDate: isoOf(tr.end) });
      for (const m of months) add('adherence', { caseId, ...m });
    }
    for (const table of ['sideeffect', 'prevtreat'] as const) for (const doc of data[table]) add(table, { caseId, ...doc });
    for (const name of data.tags) if (cat.tags[name]) add('casetag', { caseId, tagId: cat.tags[name] });
    const talk = talkOf(c, owner.id, cat.users, r, opts.now);
    for (const doc of talk.casecomment) add('casecomment', { caseId, ...doc });
    for (const { followups, ...issue } of talk.issue) {
      const issueId = add('issue', { caseId, ...issue });
      for (const f of followups) add('issuefollowup', { issueId, ...f });
    }
  });
  return rows;
}
