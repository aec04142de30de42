/**
 * The laboratory and clinical exams of a demo case, as its course calls for them (WHO monitoring):
 * a diagnostic smear and Xpert; for drug-susceptible pulmonary TB smears at the end of months 2, 5
 * and 6; for DR-TB and NTM a smear and a culture every month; DST of the positive cultures (DR-TB's
 * resistance pattern as its type says); an HIV test with ART and CPT for the positive; weight and
 * chest X-ray at the start and on the way. Nothing after today, after the outcome or after a lost
 * patient's last dose. Pure.
 */
import type { Examcul, Exammic, Examdst, Schemas } from '../../engine/generated/index.ts';
import { dayOf, isoOf } from '../../engine/day-numbers.ts';
import { MONTH, type Course } from './course.ts';
import type { Random } from './random.ts';
import type { DemoCatalogue } from './types.ts';

/** Exam rows by table, without ids and case (added by `plan.ts`). */
type ExamTable = 'exammic' | 'examxpert' | 'examcul' | 'examdst' | 'examhiv' | 'medexam' | 'examxray';

/** An exam as planned: its table's document, the case filled in when the case is. */
type PlannedExam<K extends ExamTable> = Partial<Schemas[K]>;

/** The call that plans an exam of a table on a day. */
type AddExam = <K extends ExamTable>(table: K, day: number, doc: PlannedExam<K>) => void;

export type ExamRows = { [K in ExamTable]: PlannedExam<K>[] };

const POSITIVE_SMEAR = { PLUS: 35, PLUS2: 25, PLUS3: 15, POSITIVE: 10 };
const POSITIVE_CULTURE = { PLUS: 40, PLUS2: 30, PLUS3: 10, POSITIVE: 20 };
const DST_DRUGS = ['H', 'R', 'E', 'Z', 'S', 'Am', 'Cfz', 'Cm', 'Cs', 'Eto', 'Lfx', 'Ofx'] as const;

/** A smear result: a positive grade (a scanty one with its count of AFB) or negative. */
function smear(positive: boolean, r: Random): Pick<Exammic, 'result' | 'numberOfAFB'> {
  if (!positive) return { result: 'NEGATIVE' };
  const result = r.weighted(POSITIVE_SMEAR);
  return result === 'POSITIVE' ? { result, numberOfAFB: r.between(1, 9) } : { result };
}

function culture(positive: boolean, r: Random): Pick<Examcul, 'result' | 'numberOfColonies'> {
  if (!positive) return { result: 'NEGATIVE' };
  const result = r.weighted(POSITIVE_CULTURE);
  return result === 'POSITIVE' ? { result, numberOfColonies: r.between(1, 9) } : { result };
}

/** The DST pattern of a resistance type (SUSCEPTIBLE unless said; second-line drugs tested for DR-TB only). */
function dstResults(c: Course, r: Random): Partial<Examdst> {
  const resistant = new Set<string>();
  const type = c.drugResistanceType;
  if (type === 'MONO_RESISTANCE') resistant.add('H');
  if (type === 'POLY_RESISTANCE') ['H', r.chance(0.5) ? 'E' : 'S'].forEach((d) => resistant.add(d));
  if (type === 'RR') resistant.add('R');
  if (type === 'MDR' || type === 'PRE_XDR' || type === 'XDR') {
    ['H', 'R'].forEach((d) => resistant.add(d));
    if (r.chance(0.4)) resistant.add('E');
    if (r.chance(0.5)) resistant.add('Z');
    if (r.chance(0.6)) resistant.add('S');
  }
  if (type === 'PRE_XDR' || type === 'XDR') ['Lfx', 'Ofx'].forEach((d) => resistant.add(d));
  if (type === 'XDR') ['Am', 'Cm'].forEach((d) => resistant.add(d));
  const secondLine = c.classification === 'DRTB';
  return Object.fromEntries(
    DST_DRUGS.map((d) => [`result${d}`, resistant.has(d) ? 'RESISTANT' : secondLine || ['H', 'R', 'E', 'Z', 'S'].includes(d) ? (d === 'Cfz' ? 'NOTDONE' : 'SUSCEPTIBLE') : 'NOTDONE']),
  ) as Partial<Examdst>;
}

/** The day of treatment month `m` (1…) when its monitoring sample is taken: near the month's end. */
const monthDay = (ini: number, m: number) => ini + Math.round(m * MONTH) - 3;

/**
 * The exams of a case.
 * @example examsOf(course, catalogue, r).exammic // [{ date: '2025-03-02', laboratoryId, result: 'PLUS2', … }, …]
 */
export function examsOf(c: Course, cat: DemoCatalogue, r: Random): ExamRows {
  const out: ExamRows = { exammic: [], examxpert: [], examcul: [], examdst: [], examhiv: [], medexam: [], examxray: [] };
  const today = dayOf(cat.today);
  const last = Math.min(today, c.outcomeDay ?? Infinity, c.lastDose ?? Infinity);
  const lab = r.pick(cat.labs);
  const cultureLab = r.pick(cat.labs.filter((l) => l.culture).length ? cat.labs.filter((l) => l.culture) : cat.labs);
  const dstLab = r.pick(cat.labs.filter((l) => l.dst).length ? cat.labs.filter((l) => l.dst) : cat.labs);
  const seen = c.diagnosis ?? c.registration;
  const bacteriological = c.diagnosisBasis === 'BACTERIOLOGICAL';
  const pulmonary = c.infectionSite === 'PULMONARY';
  const tr = c.treatment;
  const add: AddExam = (table, day, doc) => {
    if (day <= last && day <= today) (out[table] as PlannedExam<typeof table>[]).push({ date: isoOf(day), ...doc });
  };
  const release = (day: number, after: number) => (day + after <= today ? { dateRelease: isoOf(day + after) } : {});

  // diagnosis: smear and Xpert (a presumptive case's too, once its result is in)
  if (c.kind === 'SUSPECT') {
    if (c.state === 'CLOSED' || seen + 3 <= today) {
      add('exammic', seen + 1, { sampleType: 'SPUTUM', laboratoryId: lab.id, ...release(seen + 1, 1), result: 'NEGATIVE' });
      if (c.outcome === 'NOT_TB' || r.chance(0.5)) add('examxpert', seen + 2, { laboratoryId: lab.id, ...release(seen + 2, 1), result: 'TB_NOT_DETECTED' });
    }
    add('examxray', seen, { presentation: r.weighted({ INFILTRATE: 40, NORMAL: 40, OTHER: 20 }) });
    return out;
  }
  const diagSmearPositive = bacteriological && pulmonary && (c.classification !== 'TB' || r.chance(0.85));
  if (pulmonary) add('exammic', seen, { sampleType: 'SPUTUM', laboratoryId: lab.id, ...release(seen, 1), visualAppearance: r.pick(['MUCOPURULENT', 'BLOOD_STAINED', 'MUCOPURULENT']), ...smear(diagSmearPositive, r) });
  const xpert =
    c.classification === 'NTM' || !bacteriological ? 'TB_NOT_DETECTED'
    : c.classification === 'DRTB' && c.drugResistanceType !== 'MONO_RESISTANCE' && c.drugResistanceType !== 'POLY_RESISTANCE' ? 'TB_DETECTED_RIF_DETECTED'
    : 'TB_DETECTED_RIF_NOT_DETECTED';
  add('examxpert', seen, { laboratoryId: lab.id, ...release(seen, 1), result: xpert, ...(pulmonary ? {} : { comments: 'Пунктат / биоптат' }) });
  if (pulmonary) add('examxray', seen, { presentation: r.chance(c.classification === 'DRTB' ? 0.55 : 0.35) ? 'CAVITARY' : 'INFILTRATE' });
  hiv(c, today, r, add);

  // cultures: DR-TB and NTM monthly (MGIT), drug-susceptible bacteriological pulmonary TB at diagnosis and month 2 (LJ)
  const monthly = c.classification !== 'TB';
  const cultureAt = (day: number, positive: boolean) =>
    add('examcul', day, { laboratoryId: cultureLab.id, method: monthly ? 'MGIT960' : 'LJ', ...release(day, monthly ? 14 : 42), ...culture(positive, r) });
  const cultured = bacteriological && pulmonary && (monthly || r.chance(0.7));
  if (cultured) cultureAt(seen, true);
  // DST: the resistance pattern of DR-TB (line probe assay, then phenotypic), first-line only for some drug-susceptible cases
  if (c.classification === 'DRTB' || (cultured && r.chance(0.4))) {
    add('examdst', seen + (c.classification === 'DRTB' ? 4 : 45), { laboratoryId: dstLab.id, method: c.classification === 'DRTB' ? 'LPA' : 'PROPORTIONS', ...release(seen + (c.classification === 'DRTB' ? 4 : 45), 7), ...dstResults(c, r) });
  }
  if (!tr) return out;

  // monitoring while on treatment
  const months = Math.floor((Math.min(tr.end, last) - tr.ini) / MONTH);
  const positiveAt = (m: number) => (c.failsFromMonth !== undefined && m >= c.failsFromMonth) || m < c.convertsAtMonth;
  for (let m = 1; m <= months; m++) {
    const day = monthDay(tr.ini, m);
    if (monthly) {
      if (pulmonary) add('exammic', day, { sampleType: 'SPUTUM', laboratoryId: lab.id, ...release(day, 1), ...smear(diagSmearPositive && positiveAt(m), r) });
      if (cultured) cultureAt(day, positiveAt(m));
    } else if (pulmonary && [2, 5, 6].includes(m)) {
      add('exammic', day, { sampleType: 'SPUTUM', laboratoryId: lab.id, ...release(day, 1), ...smear(diagSmearPositive && positiveAt(m), r) });
      if (m === 2 && cultured) cultureAt(day, positiveAt(m));
    }
  }
  weights(c, tr.ini, Math.min(tr.end, last), r, add);
  if (pulmonary) {
    const check = monthDay(tr.ini, c.classification === 'TB' ? 2 : 6);
    const evolution = c.failsFromMonth !== undefined ? 'PROGRESSED' : r.weighted({ IMPROVED: 85, STABLE: 15 });
    add('examxray', check, { presentation: evolution === 'IMPROVED' ? 'INFILTRATE' : 'CAVITARY', evolution });
  }
  return out;
}

/** The HIV test at diagnosis, with ART and CPT started for the positive (WHO: known status for every case). */
function hiv(c: Course, today: number, r: Random, add: AddExam): void {
  const seen = c.diagnosis ?? c.registration;
  if (r.chance(0.03)) return; // not offered
  const laboratory = 'Республиканский центр «СПИД»';
  if (seen > today - 5) return add('examhiv', seen, { laboratory, result: 'ONGOING' });
  const result = r.weighted({ NEGATIVE: 91, POSITIVE: c.classification === 'DRTB' ? 8 : 6, NOTDONE: 2 });
  const doc: PlannedExam<'examhiv'> = { laboratory, result };
  if (result === 'NOTDONE') doc.comments = 'Пациент отказался от тестирования';
  const ini = c.treatment?.ini ?? seen;
  if (result === 'POSITIVE') {
    if (r.chance(0.9) && ini + 7 <= today) doc.startedCPTdate = isoOf(ini + r.int(8));
    const art = ini + r.between(14, 28);
    if (r.chance(0.85) && art <= today && art <= (c.outcomeDay ?? Infinity)) doc.startedARTdate = isoOf(art);
  }
  add('examhiv', seen, doc);
}

/** Weight (and height) at the start, month 2 and month 6 (DR-TB: every third month): gained on treatment, lost before a death. */
function weights(c: Course, ini: number, to: number, r: Random, add: AddExam): void {
  const child = c.age < 15;
  const height = child ? 80 + c.age * 6 + r.int(10) : c.gender === 'MALE' ? r.between(164, 184) : r.between(152, 170);
  const base = child ? 9 + c.age * 2.3 : c.gender === 'MALE' ? r.between(50, 72) : r.between(42, 62);
  const months = c.classification === 'TB' ? [0, 2, 6] : [0, 3, 6, 9, 12, 15, 18];
  for (const m of months) {
    const day = m === 0 ? ini : monthDay(ini, m);
    if (day > to) break;
    const gain = c.outcome === 'DIED' || c.failsFromMonth !== undefined ? -0.4 * m : 0.7 * m;
    const lost = c.lastDose !== undefined && day > c.lastDose - 30;
    add('medexam', day, {
      appointmentType: 'SCHEDULED', weight: Math.round((base + gain) * 10) / 10, height,
      usingPrescMedicines: !lost, ...(lost ? { reasonNotUsingPrescMedicines: 'Пропускает приём препаратов, уезжал на заработки' } : {}),
    });
  }
}
